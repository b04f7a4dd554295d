import { styled } from '../stitches.config';

/**
 * A compact select for the chart's toolbar (kind, timeframe): the height of the chart's buttons,
 * labelled by aria-label, so the toolbar stays one row and the chart keeps its room on a phone.
 */
export const ToolbarSelect = styled('select', {
  height: '$controlSm',
  px: '$2',
  border: '1px solid $border',
  borderRadius: '$sm',
  backgroundColor: '$surfaceRaised',
  color: '$text',
  fontSize: '$sm',
  cursor: 'pointer',
  '&:focus-visible': { outline: 'none', boxShadow: '$focus' },
});
