import { styled } from '../stitches.config';
import { SOLID_TONES } from '../solid-tones';

/** A small count or status label. Colours pair a fill with its AA text colour. */
export const Badge = styled('span', {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '1.25rem',
  height: '1.25rem',
  px: '$1',
  borderRadius: '$pill',
  fontSize: '$xs',
  fontWeight: '$bold',
  lineHeight: 1,
  whiteSpace: 'nowrap',
  variants: {
    tone: {
      ...SOLID_TONES,
      gold: { backgroundColor: '$gold', color: '$onGold' },
      neutral: { backgroundColor: '$neutral', color: '$onNeutral' },
    },
  },
  defaultVariants: { tone: 'primary' },
});
