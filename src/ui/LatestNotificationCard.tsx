import { useTranslation } from 'react-i18next';
import { NotificationEntry, NotificationTone, type NotificationEntryProps } from './notification-style';
import { fadeIn, styled } from './stitches.config';

const Card = styled(NotificationTone, {
  alignItems: 'center',
  boxShadow: '$md',
  animation: `${fadeIn} 0.3s ease`,
});

export type LatestNotificationCardProps = NotificationEntryProps;

/** The newest inner notification, shown under the header until it is closed. */
export function LatestNotificationCard({ notification, onNavigate, onClose }: LatestNotificationCardProps) {
  const { t } = useTranslation();
  return (
    <Card as="section" type={notification.type} aria-label={t('shell.latest-notification')} data-type={notification.type}>
      <NotificationEntry notification={notification} onNavigate={onNavigate} onClose={onClose} />
    </Card>
  );
}
