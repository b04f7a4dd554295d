import { styled } from '../stitches.config';

/** Text for assistive technology only: present in the accessibility tree, invisible on screen. */
export const VisuallyHidden = styled('span', {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
