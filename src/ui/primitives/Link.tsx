import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { forwardRef } from 'react';
import { css } from '../stitches.config';
import { buttonStyles } from './button-styles';
import type { ButtonSize, ButtonVariant } from './button-styles';

const textLink = css({
  color: '$secondaryText',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  '&:hover': { color: '$text' },
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px', borderRadius: '$sm' },
  variants: {
    tone: {
      inline: {},
      nav: {
        color: '$text',
        textDecoration: 'none',
        '&:hover': { color: '$secondaryText' },
        '&[aria-current="page"]': { color: '$secondaryText' },
      },
      muted: { color: '$textMuted', textDecoration: 'none', '&:hover': { color: '$text' } },
    },
  },
  defaultVariants: { tone: 'inline' },
});

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
  /**
   * Called instead of a page load for a plain left click on an in-app path, so the router can
   * navigate; modified clicks (new tab, new window) and external URLs keep the browser's behaviour.
   */
  onNavigate?: (href: string) => void;
  tone?: 'inline' | 'nav' | 'muted';
  /** Render as a button-looking link. */
  button?: ButtonVariant;
  size?: ButtonSize;
  full?: boolean;
  children: ReactNode;
}

const isInAppHref = (href: string) => href.startsWith('/') && !href.startsWith('//');

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { href, onNavigate, onClick, tone, button, size, full, className, children, ...rest },
  ref,
) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !onNavigate) return;
    const modified = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (modified || rest.target === '_blank' || !isInAppHref(href)) return;
    event.preventDefault();
    onNavigate(href);
  };
  const look = button ? buttonStyles({ variant: button, size, full }) : textLink({ tone });
  return (
    <a ref={ref} href={href} onClick={handleClick} className={[look, className].filter(Boolean).join(' ')} {...rest}>
      {children}
    </a>
  );
});
