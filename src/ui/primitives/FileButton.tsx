import type { InputHTMLAttributes, ReactNode } from 'react';
import { styled } from '../stitches.config';
import { buttonStyles } from './button-styles';

/**
 * The file input stays the control (in the tab order, announced as a file picker, opened with
 * Enter or Space), but it is not drawn: the browser would draw its own "Choose File / No file
 * chosen" in the browser's language, not the page's. The label around it is what shows.
 */
const Input = styled('input', {
  position: 'absolute',
  width: 1,
  height: 1,
  opacity: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
});
const Frame = styled('label', {
  position: 'relative',
  // The ring follows the input's keyboard focus; a click does not leave it drawn.
  '&:has(input:focus-visible)': { outline: 'none', boxShadow: '$focus' },
  '&[data-disabled="true"]': { opacity: 0.6, cursor: 'not-allowed' },
});

export interface FileButtonProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'size' | 'children'> {
  /** What the button says (translated): the input is named by it, and by any <label for> of its id. */
  children: ReactNode;
}

/** A file picker that looks like an outline button and speaks the page's language. */
export function FileButton({ children, disabled, ...input }: FileButtonProps) {
  return (
    <Frame className={buttonStyles({ variant: 'outline', size: 'sm' })} data-disabled={disabled || undefined}>
      {children}
      <Input type="file" disabled={disabled} {...input} />
    </Frame>
  );
}
