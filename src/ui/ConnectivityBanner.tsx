import { useTranslation } from 'react-i18next';
import { styled } from './stitches.config';

/** The connection as the banner tells it; `online` shows nothing. */
export type ConnectionState = 'online' | 'offline' | 'reconnecting' | 'back';

// Fixed under the header, over the page's top edge: it appears and goes without moving the page.
const Bar = styled('div', {
  position: 'fixed',
  insetInline: 0,
  top: '$sizes$header',
  zIndex: '$tradeBar',
  display: 'flex',
  justifyContent: 'center',
  pointerEvents: 'none',
});

const Message = styled('p', {
  margin: '$2',
  padding: '$2 $4',
  borderRadius: '$md',
  border: '1px solid',
  fontSize: '$sm',
  lineHeight: '$normal',
  textAlign: 'center',
  boxShadow: '$md',
  pointerEvents: 'auto',
  variants: {
    tone: {
      offline: { backgroundColor: '$dangerSoft', borderColor: '$danger', color: '$dangerText' },
      reconnecting: { backgroundColor: '$warningSoft', borderColor: '$warning', color: '$warningText' },
      back: { backgroundColor: '$successSoft', borderColor: '$success', color: '$successText' },
    },
  },
});

/**
 * Says that the connection is lost, being restored, or back. The live region is always in the
 * page, so a screen reader hears each change (a region added together with its text may be missed).
 */
export function ConnectivityBanner({ state }: { state: ConnectionState }) {
  const { t } = useTranslation();
  return (
    <Bar role="status" data-connectivity={state}>
      {state !== 'online' && <Message tone={state}>{t(`shell.connectivity.${state}`)}</Message>}
    </Bar>
  );
}
