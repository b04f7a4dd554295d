import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { forwardRef } from 'react';
import { buttonStyles } from './button-styles';
import type { ButtonSize, ButtonVariant } from './button-styles';
import { Spinner } from './Spinner';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  full?: boolean;
  /** While busy the button keeps its label, shows a spinner, and cannot be pressed again. */
  busy?: boolean;
  children: ReactNode;
}

/** The action button: a variant per meaning (primary, success for Up, danger for Down, outline, ghost, ...), three sizes, and a busy state that keeps its label. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, full, busy = false, disabled, className, children, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={[buttonStyles({ variant, size, full }), className].filter(Boolean).join(' ')}
      {...rest}
    >
      {busy && <Spinner size="sm" />}
      {children}
    </button>
  );
});
