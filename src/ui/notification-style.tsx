import { useTranslation } from 'react-i18next';
import { menuHref } from './format';
import { CheckIcon, CloseIcon, InfoIcon, WarningIcon } from './icons';
import { IconButton } from './primitives/IconButton';
import { Link } from './primitives/Link';
import { css, styled } from './stitches.config';
import type { NotificationItem, NotificationType } from './types';

/** Colour and icon per notification type, shared by the dropdown and the latest-notification card. */
const NotificationIcon = ({ type }: { type: NotificationType }) =>
  type === 'success' ? <CheckIcon /> : type === 'info' ? <InfoIcon /> : <WarningIcon />;

export const NotificationTone = styled('div', {
  display: 'flex',
  alignItems: 'flex-start',
  gap: '$3',
  padding: '$3',
  borderRadius: '$md',
  borderInlineStart: '3px solid',
  '& > svg, & > [data-icon]': { width: '$icon', minWidth: '$icon', height: '1.5rem' },
  variants: {
    type: {
      info: { backgroundColor: '$secondarySoft', borderInlineStartColor: '$infoText', '& > svg': { color: '$infoText' } },
      success: { backgroundColor: '$successSoft', borderInlineStartColor: '$successText', '& > svg': { color: '$successText' } },
      warning: { backgroundColor: '$warningSoft', borderInlineStartColor: '$warningText', '& > svg': { color: '$warningText' } },
      danger: { backgroundColor: '$dangerSoft', borderInlineStartColor: '$dangerText', '& > svg': { color: '$dangerText' } },
    },
  },
  defaultVariants: { type: 'info' },
});

/** The server's sanitized HTML title; links stay text so the whole entry can be one link. */
export const NotificationTitle = styled('span', {
  flex: 1,
  minWidth: 0,
  color: '$text',
  fontSize: '$sm',
  overflowWrap: 'anywhere',
  '& a': { color: 'inherit' },
});

const grow = css({ flex: 1, minWidth: 0 });

export interface NotificationEntryProps {
  notification: NotificationItem;
  onNavigate: (href: string) => void;
  onClose: (notificationId: string) => void;
}

/**
 * One notification inside its tone box: the type's icon, the title (a link when the notification
 * leads somewhere) and the close button.
 */
export function NotificationEntry({ notification, onNavigate, onClose }: NotificationEntryProps) {
  const { t } = useTranslation();
  const title = <NotificationTitle dangerouslySetInnerHTML={{ __html: notification.title }} />;
  return (
    <>
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
    </>
  );
}
