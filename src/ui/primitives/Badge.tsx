import { styled } from '../stitches.config';

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
      primary: { backgroundColor: '$primary', color: '$onPrimary' },
      secondary: { backgroundColor: '$secondary', color: '$onSecondary' },
      success: { backgroundColor: '$success', color: '$onSuccess' },
      warning: { backgroundColor: '$warning', color: '$onWarning' },
      danger: { backgroundColor: '$danger', color: '$onDanger' },
      gold: { backgroundColor: '$gold', color: '$onGold' },
      neutral: { backgroundColor: '$neutral', color: '$onNeutral' },
    },
  },
  defaultVariants: { tone: 'primary' },
});
