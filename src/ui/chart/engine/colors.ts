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
  /** The trader's drawings: lines, the selected one, the rectangles' fill, their labels. */
  drawing: { line: '#c4b5fd', selected: color('goldText'), fill: 'rgba(196, 181, 253, 0.12)', text: color('text') },
};
