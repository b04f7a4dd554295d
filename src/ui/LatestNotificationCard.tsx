import { useTranslation } from 'react-i18next';
import { NotificationEntry, NotificationTone } from './notification-style';
import { fadeIn, styled } from './stitches.config';
import type { NotificationItem } from './types';

const Card = styled(NotificationTone, {
  alignItems: 'center',
  boxShadow: '$md',
  animation: `${fadeIn} 0.3s ease`,
});

export interface LatestNotificationCardProps {
  notification: NotificationItem;
  onNavigate: (href: string) => void;
  onClose: (notificationId: string) => void;
}

/** The newest inner notification, shown under the header until it is closed. */
export function LatestNotificationCard({ notification, onNavigate, onClose }: LatestNotificationCardProps) {
  const { t } = useTranslation();
  return (
    <Card as="section" type={notification.type} aria-label={t('shell.latest-notification')} data-type={notification.type}>
      <NotificationEntry notification={notification} onNavigate={onNavigate} onClose={onClose} />
    </Card>
  );
}
