import { createStitches } from '@stitches/react';
import type * as Stitches from '@stitches/react';

/**
 * The dark theme of the product (docs/product.md 1): a blue and red palette, red primary, blue secondary,
 * green success, orange warning, red danger, gold.
 *
 * Two kinds of colour tokens exist on purpose:
 * - `$<name>` fills (buttons, badges) carry white or dark text (`$on<Name>`) at AA contrast;
 * - `$<name>Text` is the same hue lightened to read as text on the dark surfaces at AA contrast.
 * Every text / background pair used by src/ui is checked by axe in the Storybook tests.
 */
const stitches = createStitches({
  theme: {
    colors: {
      // Surfaces, darkest first.
      bg: '#0b1120',
      surface: '#131c31',
      surfaceRaised: '#1b2640',
      surfaceHover: '#24324f',
      overlay: 'rgba(3, 7, 18, 0.78)',

      // Text on the surfaces above.
      text: '#eef2fa',
      textMuted: '#aab6cf',
      textSubtle: '#8d9ab5',

      border: '#2c3a5a',
      borderStrong: '#4a5d87',
      focus: '#7fb0ff',

      // Fills with the text colour that reads on them. Each meaning has a value of its own
      // (tests/unit/tokens.test.ts): the brand's crimson primary never reads as a loss (down) or a
      // warning (danger), and up is a sea green apart from success.
      primary: '#b3163c',
      primaryHover: '#99122f',
      onPrimary: '#ffffff',
      secondary: '#1d4ed8',
      secondaryHover: '#1e40af',
      onSecondary: '#ffffff',
      success: '#15803d',
      successHover: '#166534',
      onSuccess: '#ffffff',
      warning: '#f59e0b',
      warningHover: '#d97706',
      onWarning: '#1a1205',
      danger: '#c62828',
      dangerHover: '#ad1f1f',
      onDanger: '#ffffff',
      gold: '#e8b923',
      goldHover: '#cf9f12',
      onGold: '#1a1403',
      up: '#0b7a5c',
      upHover: '#09664d',
      onUp: '#ffffff',
      down: '#d03232',
      downHover: '#b52828',
      onDown: '#ffffff',
      neutral: '#2c3a5a',
      neutralHover: '#3a4b70',
      onNeutral: '#eef2fa',

      // The same hues as text on the dark surfaces.
      primaryText: '#ff8fab',
      secondaryText: '#8fb4ff',
      successText: '#5fd38d',
      warningText: '#ffb454',
      dangerText: '#ff8a80',
      goldText: '#f5cf55',
      infoText: '#8fb4ff',
      upText: '#4fd8b4',
      downText: '#ff9e8f',

      // Tinted backgrounds behind tinted text (notifications, alerts).
      primarySoft: '#3a1326',
      secondarySoft: '#15244a',
      successSoft: '#0f2e1f',
      warningSoft: '#3a2a0c',
      dangerSoft: '#3a1519',
      goldSoft: '#352c0c',
      upSoft: '#0c2d27',
      downSoft: '#3a1616',
    },
    space: {
      0: '0',
      1: '0.25rem',
      2: '0.5rem',
      3: '0.75rem',
      4: '1rem',
      5: '1.5rem',
      6: '2rem',
      7: '3rem',
      8: '4rem',
      9: '6rem',
    },
    sizes: {
      icon: '2rem', // notification card icon width (docs/product.md 9)
      iconSm: '1.25rem',
      control: '2.5rem',
      controlSm: '2rem',
      header: '4rem',
      content: '75rem',
      // Auth form widths (docs/product.md 2): 20% / 40% / 80% / 100% from wide to narrow screens.
      authXl: '20%',
      authLg: '40%',
      authMd: '80%',
      authSm: '100%',
    },
    radii: {
      sm: '4px',
      md: '8px',
      lg: '12px',
      xl: '20px',
      pill: '9999px',
      round: '50%',
    },
    // The systems' own faces: the product loads no web font, so a token names only what a system has
    // (Arial is Liberation Sans on Debian, by metric alias).
    fonts: {
      body: '"Segoe UI", Roboto, "Helvetica Neue", Arial, system-ui, sans-serif',
      mono: '"SFMono-Regular", Menlo, Consolas, monospace',
    },
    fontSizes: {
      xs: '0.75rem',
      sm: '0.875rem',
      md: '1rem',
      lg: '1.125rem',
      xl: '1.375rem',
      '2xl': '1.75rem',
      '3xl': '2.25rem',
      '4xl': '3rem',
    },
    fontWeights: {
      regular: '400',
      medium: '500',
      bold: '700',
    },
    lineHeights: {
      tight: '1.2',
      normal: '1.5',
    },
    shadows: {
      sm: '0 1px 2px rgba(0, 0, 0, 0.4)',
      md: '0 4px 14px rgba(0, 0, 0, 0.45)',
      lg: '0 12px 40px rgba(0, 0, 0, 0.55)',
      focus: '0 0 0 3px #7fb0ff',
    },
    zIndices: {
      // Under the header, so the header's own panels open over the docked trade bar.
      tradeBar: '90',
      header: '100',
      dropdown: '200',
      burger: '300',
      modal: '400',
      toast: '500',
    },
    transitions: {
      // The product's animation duration (docs/product.md 9).
      fast: '200ms ease',
      fade: '300ms ease',
    },
  },
  media: {
    // Product styles: one breakpoint at 600px (phone below, the burger menu appears).
    phone: '(max-width: 599.98px)',
    wide: '(min-width: 600px)',
    // The grid: 300 / 800 / 992 / 1200.
    xs: '(min-width: 300px)',
    md: '(min-width: 800px)',
    lg: '(min-width: 992px)',
    // One column below the grid's 992px: the trading room docks its trade bar at the bottom.
    compact: '(max-width: 991.98px)',
    xl: '(min-width: 1200px)',
    // Tables turn into cards under 60rem.
    table: '(max-width: 59.999rem)',
    motion: '(prefers-reduced-motion: no-preference)',
    reducedMotion: '(prefers-reduced-motion: reduce)',
  },
  utils: {
    px: (value: Stitches.ScaleValue<'space'> | string) => ({ paddingInlineStart: value, paddingInlineEnd: value }),
    py: (value: Stitches.ScaleValue<'space'> | string) => ({ paddingTop: value, paddingBottom: value }),
    mx: (value: Stitches.ScaleValue<'space'> | string) => ({ marginInlineStart: value, marginInlineEnd: value }),
    my: (value: Stitches.ScaleValue<'space'> | string) => ({ marginTop: value, marginBottom: value }),
  },
});

export const { styled, css, theme, config } = stitches;
const { globalCss, keyframes } = stitches;

/** Matches the `compact` media query: the trading room's one-column layout with the docked trade bar. */
export const COMPACT_QUERY = '(max-width: 991.98px)';
/**
 * The docked trade bar's fixed height: the chart is sized against it, and result cards and toasts
 * float just above it so that they never cover the controls.
 */
export const TRADE_BAR_HEIGHT = '10.75rem';
/**
 * With the trade bar docked, the header's latest-notification card takes this fixed height (its
 * title clamped to two lines), so the chart is sized against it too and never slips under the bar.
 */
export const LATEST_CARD_HEIGHT = '4rem';

/** The bell rings in the first part of each 5 s cycle, then rests (docs/product.md 9). */
export const BELL_PERIOD_MS = 5000;
export const bellRing = keyframes({
  '0%': { transform: 'rotate(0deg)' },
  '3%': { transform: 'rotate(14deg)' },
  '6%': { transform: 'rotate(-12deg)' },
  '9%': { transform: 'rotate(10deg)' },
  '12%': { transform: 'rotate(-6deg)' },
  '15%': { transform: 'rotate(0deg)' },
  '100%': { transform: 'rotate(0deg)' },
});

/** A changed amount's background flashes (set `--flash`) and fades back. */
export const amountFlash = keyframes({
  from: { backgroundColor: 'var(--flash)' },
  to: { backgroundColor: 'transparent' },
});

/** Dropdowns fade in over 0.3 s (docs/product.md 9). */
export const fadeIn = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px)' },
  to: { opacity: 1, transform: 'translateY(0)' },
});

export const slideUp = keyframes({
  from: { opacity: 0, transform: 'translateY(8px)' },
  to: { opacity: 1, transform: 'translateY(0)' },
});

export const spin = keyframes({
  from: { transform: 'rotate(0deg)' },
  to: { transform: 'rotate(360deg)' },
});

export const shimmer = keyframes({
  '0%': { opacity: 0.55 },
  '50%': { opacity: 1 },
  '100%': { opacity: 0.55 },
});

export const globalStyles = globalCss({
  '*, *::before, *::after': { boxSizing: 'border-box' },
  html: {
    colorScheme: 'dark',
    WebkitTextSizeAdjust: '100%',
    // The sticky header (a second row from 992 to 1200px) never covers the control focus moves to,
    // at any zoom; nor does the trading room's docked bar at the bottom.
    scrollPaddingTop: 'calc($sizes$header + 1rem)',
    '@media (min-width: 992px) and (max-width: 1199.98px)': { scrollPaddingTop: 'calc(2 * $sizes$header + 1rem)' },
    '&:has([data-trade-bar])': { scrollPaddingBottom: `calc(${TRADE_BAR_HEIGHT} + 1rem)` },
  },
  // Right to left (Arabic), an icon that points a way points the other way.
  '[dir="rtl"] [data-directional]': { transform: 'scaleX(-1)' },
  body: {
    margin: 0,
    minHeight: '100vh',
    backgroundColor: '$bg',
    color: '$text',
    fontFamily: '$body',
    fontSize: '$md',
    lineHeight: '$normal',
    WebkitFontSmoothing: 'antialiased',
  },
  'h1, h2, h3, h4, p': { margin: 0 },
  a: { color: '$secondaryText' },
  'button, input, select, textarea': { font: 'inherit', color: 'inherit' },
  // A field is never wider than its column: a file field alone is about 300px wide, past a 320px phone.
  'input, select, textarea': { maxWidth: '100%' },
  ':focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
  img: { maxWidth: '100%', display: 'block' },
  // Windows High Contrast and other forced colours drop box-shadows and backgrounds: every focus
  // stop gets a system-coloured outline, and a chosen segment or pressed button the highlight.
  '@media (forced-colors: active)': {
    ':focus-visible': { outline: '2px solid Highlight !important', outlineOffset: '2px !important' },
    '[aria-pressed="true"], [role="radio"][aria-checked="true"]': {
      forcedColorAdjust: 'none',
      backgroundColor: 'Highlight !important',
      borderColor: 'Highlight !important',
      color: 'HighlightText !important',
    },
  },
  '@reducedMotion': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
});

/**
 * A tinted box per meaning (a notice, a banner): the soft fill, the full colour as its border and
 * the text colour that reads on it. Variants of the styled boxes that say something in a tone.
 */
export const SOFT_TONES = {
  danger: { backgroundColor: '$dangerSoft', borderColor: '$danger', color: '$dangerText' },
  success: { backgroundColor: '$successSoft', borderColor: '$success', color: '$successText' },
  warning: { backgroundColor: '$warningSoft', borderColor: '$warning', color: '$warningText' },
  info: { backgroundColor: '$secondarySoft', borderColor: '$secondary', color: '$secondaryText' },
} as const;
