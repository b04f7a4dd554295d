import { css } from '../stitches.config';

const fill = (name: 'primary' | 'secondary' | 'success' | 'warning' | 'danger' | 'gold' | 'neutral' | 'up' | 'down') => {
  const on = `$on${name[0]!.toUpperCase()}${name.slice(1)}`;
  return {
    backgroundColor: `$${name}`,
    color: on,
    borderColor: `$${name}`,
    '&:hover:not(:disabled)': { backgroundColor: `$${name}Hover`, borderColor: `$${name}Hover` },
  };
};

/** Shared by Button and by links that look like buttons (deposit, withdraw, login, signup). */
export const buttonStyles = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$2',
  border: '1px solid transparent',
  borderRadius: '$md',
  fontWeight: '$medium',
  lineHeight: 1,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  // On a phone a long label wraps inside the button instead of pushing it past the screen.
  '@phone': { whiteSpace: 'normal', textAlign: 'center' },
  cursor: 'pointer',
  userSelect: 'none',
  transition: 'background-color $fast, border-color $fast, color $fast',
  '&:focus-visible': { outline: 'none', boxShadow: '$focus' },
  // Pressed: the button sinks a pixel under the finger or the pointer, whatever its colours.
  '&:active:not(:disabled)': { transform: 'translateY(1px)' },
  '&:disabled, &[aria-disabled="true"]': { opacity: 0.6, cursor: 'not-allowed' },
  variants: {
    variant: {
      primary: fill('primary'),
      secondary: fill('secondary'),
      success: fill('success'),
      warning: fill('warning'),
      danger: fill('danger'),
      gold: fill('gold'),
      neutral: fill('neutral'),
      // The two bet directions: their own hues, so a rise is not a success and a fall not an error.
      up: fill('up'),
      down: fill('down'),
      outline: {
        backgroundColor: 'transparent',
        color: '$text',
        borderColor: '$borderStrong',
        '&:hover:not(:disabled)': { backgroundColor: '$surfaceHover' },
      },
      ghost: {
        backgroundColor: 'transparent',
        color: '$text',
        '&:hover:not(:disabled)': { backgroundColor: '$surfaceHover' },
      },
    },
    size: {
      // On a phone the height is the least, so a wrapped label stays inside.
      sm: { height: '$controlSm', px: '$3', fontSize: '$sm', '@phone': { height: 'auto', minHeight: '$controlSm' } },
      md: { height: '$control', px: '$4', fontSize: '$md', '@phone': { height: 'auto', minHeight: '$control' } },
      lg: { height: '3rem', px: '$5', fontSize: '$lg', '@phone': { height: 'auto', minHeight: '3rem' } },
    },
    full: { true: { width: '100%' } },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
});

export type ButtonVariant =
  | 'primary'
  | 'secondary'
  | 'success'
  | 'warning'
  | 'danger'
  | 'gold'
  | 'neutral'
  | 'up'
  | 'down'
  | 'outline'
  | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

/**
 * The frame of a bordered control that is not a filled button (the header's wallet, sound and
 * bell, the pager, the chat list): spread first, then add what the control itself needs.
 */
export const borderedControl = {
  border: '1px solid $border',
  borderRadius: '$md',
  backgroundColor: 'transparent',
  color: '$text',
  cursor: 'pointer',
  '&:hover': { backgroundColor: '$surfaceHover' },
  '&:focus-visible': { outline: 'none', boxShadow: '$focus' },
} as const;
