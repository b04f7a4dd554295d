import { useTranslation } from 'react-i18next';
import { menuHref } from './format';
import { CloseIcon } from './icons';
import { NotificationIcon, NotificationTitle, NotificationTone } from './notification-style';
import { IconButton } from './primitives/IconButton';
import { Link } from './primitives/Link';
import { css, fadeIn, styled } from './stitches.config';
import type { NotificationItem } from './types';

const Card = styled(NotificationTone, {
  alignItems: 'center',
  boxShadow: '$md',
  animation: `${fadeIn} 0.3s ease`,
});
const grow = css({ flex: 1, minWidth: 0 });

export interface LatestNotificationCardProps {
  notification: NotificationItem;
  onNavigate: (href: string) => void;
  onClose: (notificationId: string) => void;
}

/** The newest inner notification, shown under the header until it is closed. */
export function LatestNotificationCard({ notification, onNavigate, onClose }: LatestNotificationCardProps) {
  const { t } = useTranslation();
  const title = <NotificationTitle dangerouslySetInnerHTML={{ __html: notification.title }} />;
  return (
    <Card as="section" type={notification.type} aria-label={t('shell.latest-notification')} data-type={notification.type}>
      <NotificationIcon type={notification.type} />
      {notification.redirect_url ? (
        <Link href={menuHref(notification.redirect_url)} onNavigate={onNavigate} tone="nav" className={grow()}>
          {title}
        </Link>
      ) : (
        title
      )}
      <IconButton size="sm" label={t('shell.notification-close')} onClick={() => onClose(notification.notification_id)}>
        <CloseIcon />
      </IconButton>
    </Card>
  );
}
