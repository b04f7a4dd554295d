import { fadeIn, styled } from './stitches.config';

/** The panel under a header control; fades in over 0.3 s (docs/product.md 9). */
export const DropdownPanel = styled('div', {
  position: 'absolute',
  top: 'calc(100% + 0.5rem)',
  right: 0,
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
    align: { left: { left: 0, right: 'auto' }, right: {} },
  },
});

export const DropdownAnchor = styled('div', { position: 'relative', display: 'inline-flex' });
