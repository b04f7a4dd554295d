import { CheckIcon, InfoIcon, WarningIcon } from './icons';
import { styled } from './stitches.config';
import type { NotificationType } from './types';

/** Colour and icon per notification type, shared by the dropdown and the latest-notification card. */
export const NotificationIcon = ({ type }: { type: NotificationType }) =>
  type === 'success' ? <CheckIcon /> : type === 'info' ? <InfoIcon /> : <WarningIcon />;

export const NotificationTone = styled('div', {
  display: 'flex',
  alignItems: 'flex-start',
  gap: '$3',
  padding: '$3',
  borderRadius: '$md',
  borderLeft: '3px solid',
  '& > svg, & > [data-icon]': { width: '$icon', minWidth: '$icon', height: '1.5rem' },
  variants: {
    type: {
      info: { backgroundColor: '$secondarySoft', borderLeftColor: '$infoText', '& > svg': { color: '$infoText' } },
      success: { backgroundColor: '$successSoft', borderLeftColor: '$successText', '& > svg': { color: '$successText' } },
      warning: { backgroundColor: '$warningSoft', borderLeftColor: '$warningText', '& > svg': { color: '$warningText' } },
      danger: { backgroundColor: '$dangerSoft', borderLeftColor: '$dangerText', '& > svg': { color: '$dangerText' } },
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
