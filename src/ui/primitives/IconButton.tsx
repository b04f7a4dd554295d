import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { forwardRef } from 'react';
import { styled } from '../stitches.config';

const Base = styled('button', {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  position: 'relative',
  flexShrink: 0,
  width: '$control',
  height: '$control',
  padding: 0,
  border: '1px solid transparent',
  borderRadius: '$md',
  backgroundColor: 'transparent',
  color: '$text',
  cursor: 'pointer',
  transition: 'background-color $fast',
  '&:hover:not(:disabled)': { backgroundColor: '$surfaceHover' },
  '&:focus-visible': { outline: 'none', boxShadow: '$focus' },
  '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
  '& svg': { width: '1.25rem', height: '1.25rem' },
  variants: {
    size: { sm: { width: '$controlSm', height: '$controlSm' }, md: {} },
    bordered: { true: { borderColor: '$border' } },
  },
});

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> {
  /** Required: an icon alone says nothing to a screen reader. */
  label: string;
  size?: 'sm' | 'md';
  bordered?: boolean;
  children: ReactNode;
}

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, children, type = 'button', title, ...rest },
  ref,
) {
  return (
    <Base ref={ref} type={type} aria-label={label} title={title ?? label} {...rest}>
      {children}
    </Base>
  );
});
