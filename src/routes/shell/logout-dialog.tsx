import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { sessionActors } from '../../machines/session/session.actors';
import { sessionMachine } from '../../machines/session/session.machine';
import { selectLogoutModal } from '../../machines/session/session.selectors';
import { LogoutModal } from '../../ui/LogoutModal';
import { useApi, useAppSend, useUser } from '../app-services';
import { useNavigate } from './use-shell';

/**
 * The logout confirmation over the session statechart, mounted when the trader first asks to log
 * out (a lazy chunk: visitors never load it). It asks at once (`logout.request`); the modal's
 * Close cancels and its Logout confirms; a finished logout tells the root actor and goes to /
 * (SPEC.md 4). `onClosed` runs whenever the modal is no longer open.
 */
export default function LogoutDialog({ requests, onClosed }: { requests: number; onClosed: () => void }) {
  const api = useApi();
  const user = useUser();
  const appSend = useAppSend();
  const navigate = useNavigate();
  const machine = useMemo(() => sessionMachine.provide({ actors: sessionActors(api) }), [api]);
  const session = useActorRef(machine, { input: { user } });
  const modal = useSelector(session, selectLogoutModal);

  useEffect(() => {
    if (user) session.send({ type: 'envelope.user', user });
  }, [session, user]);
  // Every press of Logout in a menu is one request (the first one mounted this dialog).
  useEffect(() => {
    if (requests > 0) session.send({ type: 'logout.request' });
  }, [session, requests]);
  useEffect(() => {
    const subscription = session.on('session.changed', ({ reason }) => {
      appSend({ type: 'session.changed' });
      if (reason === 'logout' || reason === 'expired') navigate('/');
    });
    return () => subscription.unsubscribe();
  }, [session, appSend, navigate]);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (modal.open) wasOpen.current = true;
    else if (wasOpen.current) onClosed();
  }, [modal.open, onClosed]);

  return (
    <LogoutModal
      open={modal.open}
      busy={modal.busy}
      onClose={() => session.send({ type: 'logout.cancel' })}
      onConfirm={() => session.send({ type: 'logout.confirm' })}
    />
  );
}
