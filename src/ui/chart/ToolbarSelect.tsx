import { css, styled } from '../stitches.config';

/** A control of the chart's toolbar: the height of the chart's buttons, in the toolbar's look. */
export const toolbarControl = css({
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

/**
 * A compact select for the chart's toolbar (kind, timeframe), labelled by aria-label, so the
 * toolbar stays one row and the chart keeps its room on a phone.
 */
export const ToolbarSelect = styled('select', toolbarControl);
