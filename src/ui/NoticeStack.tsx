import type { ReactNode } from 'react';
import { SOFT_TONES, styled } from './stitches.config';

// Fixed under the header, over the page's top edge: notices appear and go without moving the page.
const Stack = styled('div', {
  position: 'fixed',
  insetInline: 0,
  top: '$sizes$header',
  zIndex: '$tradeBar',
  display: 'grid',
  justifyItems: 'center',
  pointerEvents: 'none',
  '& > *': { pointerEvents: 'auto' },
});

/** The place of the app-wide notices (the connection, a new version), one under the other. */
export function NoticeStack({ children }: { children: ReactNode }) {
  return <Stack>{children}</Stack>;
}

/** One notice: a tinted line with an optional action. */
export const Notice = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  margin: '$2 $2 0',
  padding: '$2 $4',
  borderRadius: '$md',
  border: '1px solid',
  fontSize: '$sm',
  lineHeight: '$normal',
  textAlign: 'center',
  boxShadow: '$md',
  variants: { tone: SOFT_TONES },
});
