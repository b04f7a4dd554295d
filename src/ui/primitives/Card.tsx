import { styled } from '../stitches.config';

export const Card = styled('div', {
  backgroundColor: '$surface',
  color: '$text',
  border: '1px solid $border',
  borderRadius: '$lg',
  padding: '$5',
  boxShadow: '$sm',
  variants: {
    raised: { true: { backgroundColor: '$surfaceRaised', boxShadow: '$md' } },
    compact: { true: { padding: '$3' } },
  },
});

export const CardTitle = styled('h2', {
  fontSize: '$xl',
  fontWeight: '$bold',
  lineHeight: '$tight',
  marginBottom: '$4',
});
