import { useState } from 'react';
import { ResultNotificationsToggle } from '../../ui/ResultNotificationsToggle';
import { RESULT_NOTIFICATIONS_KEY, systemNotificationsSupported } from '../home/hidden-result';
import { browserStorage } from '../home/trading-machine';

const permissionNow = (): NotificationPermission | 'unsupported' => (systemNotificationsSupported() ? Notification.permission : 'unsupported');

/**
 * The switch for bet results as system notifications: turning it on asks the browser's permission
 * first and keeps the choice only when granted; the trading screen reads it (hidden-result.ts).
 */
export function ResultNotificationsSetting() {
  const [storage] = useState(browserStorage);
  const [enabled, setEnabled] = useState(() => storage?.getItem(RESULT_NOTIFICATIONS_KEY) === 'on');
  const [permission, setPermission] = useState(permissionNow);
  const toggle = async (on: boolean) => {
    const answer = on && permission !== 'granted' && permission !== 'unsupported' ? await Notification.requestPermission() : permission;
    setPermission(answer);
    const kept = on && answer === 'granted';
    storage?.setItem(RESULT_NOTIFICATIONS_KEY, kept ? 'on' : 'off');
    setEnabled(kept);
  };
  return <ResultNotificationsToggle enabled={enabled} permission={permission} onToggle={(on) => void toggle(on)} />;
}
