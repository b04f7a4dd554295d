import { useTranslation } from 'react-i18next';
import { Notice } from './NoticeStack';

/** The connection as the banner tells it; `online` shows nothing. */
export type ConnectionState = 'online' | 'offline' | 'reconnecting' | 'back';

const TONE = { offline: 'danger', reconnecting: 'warning', back: 'success' } as const;

/**
 * Says that the connection is lost, being restored, or back (inside the NoticeStack). The live
 * region is always in the page, so a screen reader hears each change (a region added together
 * with its text may be missed).
 */
export function ConnectivityBanner({ state }: { state: ConnectionState }) {
  const { t } = useTranslation();
  return (
    <div role="status" data-connectivity={state}>
      {state !== 'online' && <Notice tone={TONE[state]}>{t(`shell.connectivity.${state}`)}</Notice>}
    </div>
  );
}
