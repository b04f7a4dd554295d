import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BellIcon } from './icons';
import { Badge } from './primitives/Badge';
import { VisuallyHidden } from './primitives/VisuallyHidden';
import { borderedControl } from './primitives/button-styles';
import { BELL_PERIOD_MS, bellRing, styled } from './stitches.config';

const Trigger = styled('button', {
  ...borderedControl,
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '$control',
  height: '$control',
  padding: 0,
});

const Bell = styled('span', {
  display: 'inline-flex',
  transformOrigin: '50% 10%',
  variants: {
    ringing: {
      // The bell rings at the start of every 5 s cycle while something is unread.
      true: { '@motion': { animation: `${bellRing} ${BELL_PERIOD_MS}ms ease-in-out infinite` } },
    },
  },
});

const Count = styled(Badge, { position: 'absolute', top: -6, insetInlineEnd: -6 });

export interface NotificationCounterProps {
  count: number;
  expanded?: boolean;
  /** id of the popup this button opens, for aria-controls. */
  controls?: string;
  onClick: () => void;
}

/** The header's bell with the unread count; it rings while something is unread and opens the notifications dropdown. */
export const NotificationCounter = forwardRef<HTMLButtonElement, NotificationCounterProps>(function NotificationCounter(
  { count, expanded, controls, onClick },
  ref,
) {
  const { t } = useTranslation();
  const shown = count > 99 ? '99+' : String(count);
  return (
    <Trigger
      ref={ref}
      type="button"
      aria-expanded={expanded}
      aria-controls={expanded ? controls : undefined}
      aria-haspopup={controls ? 'dialog' : undefined}
      onClick={onClick}
    >
      <Bell ringing={count > 0} data-ringing={count > 0}>
        <BellIcon />
      </Bell>
      <VisuallyHidden>{count > 0 ? t('shell.notifications-unread', { count }) : t('shell.notifications')}</VisuallyHidden>
      {count > 0 && (
        <Count tone="primary" aria-hidden="true">
          {shown}
        </Count>
      )}
    </Trigger>
  );
});
