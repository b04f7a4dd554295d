import { styled } from '../stitches.config';

/** A failure told in words, announced when it appears. */
const Text = styled('p', {
  color: '$dangerText',
  backgroundColor: '$dangerSoft',
  padding: '$2 $3',
  borderRadius: '$md',
  fontSize: '$sm',
  margin: 0,
});

export function ProblemText({ children }: { children: string }) {
  return <Text role="alert">{children}</Text>;
}
