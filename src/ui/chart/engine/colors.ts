import { theme } from '../../stitches.config';

const color = (token: keyof typeof theme.colors) => theme.colors[token].value;

/** The chart's colours, from the design tokens. */
export const CHART_COLORS = {
  line: color('secondaryText'),
  up: color('upText'),
  down: color('downText'),
  grid: color('border'),
  text: color('textMuted'),
  price: color('goldText'),
  crosshair: color('textSubtle'),
  labelBg: color('surfaceRaised'),
  /** The area under the line, fading down (the line's colour at 28 % and 0 %). */
  areaTop: 'rgba(143, 180, 255, 0.28)',
  areaBottom: 'rgba(143, 180, 255, 0)',
  priceLabelText: '#1a1403',
};
