import { useTranslation } from 'react-i18next';
import { styled } from './stitches.config';

const Row = styled('label', { display: 'flex', alignItems: 'center', gap: '$2', fontSize: '$sm', cursor: 'pointer', '& input': { width: 18, height: 18, margin: 0 } });
const Hint = styled('p', { margin: '$1 0 0', fontSize: '$sm', color: '$textMuted' });

export interface ResultNotificationsToggleProps {
  enabled: boolean;
  /** The browser's answer: 'denied' means only its own settings can allow notifications again. */
  permission: NotificationPermission | 'unsupported';
  /** Turning on asks the browser's permission first (the route does). */
  onToggle: (enabled: boolean) => void;
}

/** The trader's switch for bet results shown as system notifications while the tab is hidden. */
export function ResultNotificationsToggle({ enabled, permission, onToggle }: ResultNotificationsToggleProps) {
  const { t } = useTranslation();
  if (permission === 'unsupported') return null;
  const blocked = permission === 'denied';
  return (
    <div>
      <Row>
        <input type="checkbox" checked={enabled && !blocked} disabled={blocked} onChange={(event) => onToggle(event.target.checked)} />
        {t('shell.result-notifications')}
      </Row>
      {blocked && <Hint role="note">{t('shell.result-notifications-blocked')}</Hint>}
    </div>
  );
}
