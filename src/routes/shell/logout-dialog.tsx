import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import { selectLogoutModal } from '../../machines/session/session.selectors';
import { LogoutModal } from '../../ui/LogoutModal';
import { failureText, useSession } from '../auth/use-session';

/**
 * The logout confirmation over the session statechart, mounted when the trader first asks to log
 * out (a lazy chunk: visitors never load it). It asks at once (`logout.request`); the modal's
 * Close cancels and its Logout confirms. The session actor is the app's (src/routes/auth/app-session.ts):
 * a logout carries on when the signed-out envelope makes the 'user' guard leave the page, and the
 * app's session wiring goes to / once it ended. `onClosed` runs whenever the modal is no longer open.
 */
export default function LogoutDialog({ requests, onClosed }: { requests: number; onClosed: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const modal = useSelector(session, selectLogoutModal);

  // Every press of Logout in a menu is one request (the first one mounted this dialog).
  useEffect(() => {
    if (requests > 0) session.send({ type: 'logout.request' });
  }, [session, requests]);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (modal.open) wasOpen.current = true;
    else if (wasOpen.current) onClosed();
  }, [modal.open, onClosed]);

  return (
    <LogoutModal
      open={modal.open}
      busy={modal.busy}
      error={failureText(modal.failure, t)}
      onClose={() => session.send({ type: 'logout.cancel' })}
      onConfirm={() => session.send({ type: 'logout.confirm' })}
    />
  );
}
