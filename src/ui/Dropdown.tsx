import { fadeIn, styled } from './stitches.config';

/**
 * The panel under a header control; fades in over 0.3 s (docs/product.md 9). Under 600px it is a
 * bottom sheet across the whole width, scrolling inside, so that no amount or list is cut off at
 * the screen's edge whatever the trigger's position.
 */
export const DropdownPanel = styled('div', {
  position: 'absolute',
  top: 'calc(100% + 0.5rem)',
  insetInlineEnd: 0,
  zIndex: '$dropdown',
  minWidth: '16rem',
  maxWidth: 'min(24rem, calc(100vw - 1rem))',
  padding: '$2',
  backgroundColor: '$surfaceRaised',
  color: '$text',
  border: '1px solid $border',
  borderRadius: '$lg',
  boxShadow: '$lg',
  animation: `${fadeIn} 0.3s ease`,
  variants: {
    // The phone sheet spans the width whichever side the panel hangs from on wider screens.
    align: { left: { insetInlineStart: 0, insetInlineEnd: 'auto', '@phone': { insetInlineEnd: 0 } }, right: {} },
  },
  '@phone': {
    position: 'fixed',
    top: 'auto',
    insetInlineStart: 0,
    insetInlineEnd: 0,
    bottom: 0,
    width: 'auto',
    minWidth: 0,
    maxWidth: 'none',
    maxHeight: '85dvh',
    overflowY: 'auto',
    padding: '$3',
    borderBottom: 0,
    borderRadius: '$lg $lg 0 0',
  },
});

export const DropdownAnchor = styled('div', { position: 'relative', display: 'inline-flex' });
