import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import { selectLogoutModal } from '../../machines/session/session.selectors';
import { LogoutModal } from '../../ui/LogoutModal';
import { failureText, useSession } from '../auth/use-session';
import { useNavigate } from './use-shell';

/**
 * The logout confirmation over the session statechart, mounted when the trader first asks to log
 * out (a lazy chunk: visitors never load it). It asks at once (`logout.request`); the modal's
 * Close cancels and its Logout confirms; a finished logout tells the root actor and goes to /
 * (docs/product.md 4), even though the signed-out envelope has already made the 'user' guard unmount
 * this dialog (useSession lets the flow finish). `onClosed` runs whenever the modal is no longer open.
 */
export default function LogoutDialog({ requests, onClosed }: { requests: number; onClosed: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession({
    onChanged: (reason) => {
      if (reason === 'logout' || reason === 'expired') navigate('/');
    },
  });
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
