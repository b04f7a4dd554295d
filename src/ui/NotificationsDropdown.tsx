import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DropdownAnchor, DropdownPanel } from './Dropdown';
import { useDismiss } from './hooks';
import { SupportIcon } from './icons';
import { NotificationCounter } from './NotificationCounter';
import { NotificationEntry, NotificationTone } from './notification-style';
import { Badge } from './primitives/Badge';
import { Link } from './primitives/Link';
import { css, styled } from './stitches.config';
import type { NotificationItem } from './types';

const Panel = styled(DropdownPanel, { width: '22rem', maxHeight: '70vh', overflowY: 'auto', '@phone': { width: 'auto', maxHeight: '85dvh' } });
const Heading = styled('h2', { fontSize: '$md', fontWeight: '$bold', padding: '$2' });
const List = styled('ul', { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '$2' });
const grow = css({ flex: 1, minWidth: 0 });
const Empty = styled('p', { padding: '$4 $2', color: '$textMuted', fontSize: '$sm', textAlign: 'center' });
const SupportBlock = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  padding: '$3',
  marginBottom: '$2',
  borderRadius: '$md',
  backgroundColor: '$surface',
  border: '1px solid $border',
  '& svg': { color: '$secondaryText', flexShrink: 0 },
});

interface NotificationsListProps {
  notifications: readonly NotificationItem[];
  /** Unread support messages; above zero a block links to /support. */
  supportUnread: number;
  onNavigate: (href: string) => void;
  onClose: (notificationId: string) => void;
}

/** The content of the dropdown: the support block, the inner notifications or 'no notifications'. */
function NotificationsList({ notifications, supportUnread, onNavigate, onClose }: NotificationsListProps) {
  const { t } = useTranslation();
  return (
    <>
      {supportUnread > 0 && (
        <SupportBlock>
          <SupportIcon />
          <Link href="/support" onNavigate={onNavigate} tone="nav" className={grow()}>
            {t('shell.support-new-messages')}
          </Link>
          <Badge tone="primary" aria-label={t('shell.unread-count', { count: supportUnread })}>
            {supportUnread}
          </Badge>
        </SupportBlock>
      )}
      {notifications.length === 0 && supportUnread === 0 ? (
        <Empty>{t('shell.no-notifications')}</Empty>
      ) : (
        <List>
          {notifications.map((notification) => (
            <li key={notification.notification_id}>
              <NotificationTone type={notification.type} data-type={notification.type}>
                <NotificationEntry notification={notification} onNavigate={onNavigate} onClose={onClose} />
              </NotificationTone>
            </li>
          ))}
        </List>
      )}
    </>
  );
}

export interface NotificationsDropdownProps extends NotificationsListProps {
  defaultOpen?: boolean;
}

/** The bell with its unread count and the dropdown it opens. */
export function NotificationsDropdown({ defaultOpen = false, onNavigate, ...list }: NotificationsDropdownProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  const headingId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useDismiss(open, () => setOpen(false), { popup: panelRef, trigger: triggerRef });
  const count = list.notifications.length + list.supportUnread;

  return (
    <DropdownAnchor>
      <NotificationCounter
        ref={triggerRef}
        count={count}
        expanded={open}
        controls={panelId}
        onClick={() => setOpen((value) => !value)}
      />
      {open && (
        <Panel id={panelId} ref={panelRef} role="dialog" aria-labelledby={headingId}>
          <Heading id={headingId}>{t('shell.notifications')}</Heading>
          <NotificationsList
            {...list}
            onNavigate={(href) => {
              setOpen(false);
              onNavigate(href);
            }}
          />
        </Panel>
      )}
    </DropdownAnchor>
  );
}
