import { spin, styled } from '../stitches.config';
import { VisuallyHidden } from './VisuallyHidden';

const Ring = styled('span', {
  display: 'inline-block',
  flexShrink: 0,
  borderRadius: '$round',
  border: '2px solid currentColor',
  borderInlineEndColor: 'transparent',
  animation: `${spin} 0.8s linear infinite`,
  verticalAlign: 'middle',
  variants: {
    size: {
      sm: { width: '1em', height: '1em' },
      md: { width: '1.5rem', height: '1.5rem' },
      lg: { width: '2.5rem', height: '2.5rem', borderWidth: 3 },
    },
  },
  defaultVariants: { size: 'md' },
});

export interface SpinnerProps {
  /** What is loading, read by screen readers; omit inside a control that already says it is busy. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
}

export function Spinner({ label, size = 'md' }: SpinnerProps) {
  if (!label) return <Ring size={size} aria-hidden="true" />;
  return (
    <span role="status">
      <Ring size={size} aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}
