import { theme } from './stitches.config';

type ColorToken = keyof typeof theme.colors;

/**
 * Which text colour is used on which background: every pair the components use on purpose.
 * The token page shows each pair's contrast ratio and tests/unit/tokens.test.ts holds each to AA.
 */
const SURFACES: ColorToken[] = ['bg', 'surface', 'surfaceRaised', 'surfaceHover'];
const TEXT_ON_SURFACES: ColorToken[] = [
  'text',
  'textMuted',
  'primaryText',
  'secondaryText',
  'successText',
  'warningText',
  'dangerText',
  'goldText',
  'upText',
  'downText',
];
const FILLS = ['primary', 'secondary', 'success', 'warning', 'danger', 'gold', 'up', 'down', 'neutral'] as const;

export interface TokenPair {
  text: ColorToken;
  background: ColorToken;
}

const onOf = (fill: (typeof FILLS)[number]) => `on${fill[0]!.toUpperCase()}${fill.slice(1)}` as ColorToken;

export const TOKEN_PAIRS: TokenPair[] = [
  ...TEXT_ON_SURFACES.flatMap((text) => SURFACES.map((background) => ({ text, background }))),
  ...FILLS.flatMap((fill) => [
    { text: onOf(fill), background: fill },
    { text: onOf(fill), background: `${fill}Hover` as ColorToken },
  ]),
  ...(['success', 'warning', 'danger', 'gold', 'up', 'down'] as const).map((tone) => ({
    text: `${tone}Text` as ColorToken,
    background: `${tone}Soft` as ColorToken,
  })),
  { text: 'secondaryText', background: 'secondarySoft' },
];

/** The value of a colour token, for pages and tests that compute with it. */
export const colorValue = (token: ColorToken): string => theme.colors[token].value;
