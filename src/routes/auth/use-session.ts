import { browserPasskeyPrompt } from '../../api/passkey-prompt';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { createActor } from 'xstate';
import type { Failure } from '../../machines/app/failure';
import type { CheckErrors } from '../../machines/session/account-checks';
import { sessionActors } from '../../machines/session/session.actors';
import { sessionMachine, type SessionChangeReason } from '../../machines/session/session.machine';
import { failureView, selectAccountForm } from '../../machines/session/session.selectors';
import { useActorRegistry, useApi, useAppSend, useUser } from '../app-services';

export interface UseSessionOptions {
  /** Called once the page's flow signed the trader in or out (after the root actor was told). */
  onChanged?: (reason: SessionChangeReason) => void;
}

type SessionActor = ReturnType<typeof createActor<ReturnType<typeof sessionMachine.provide>>>;

/** Stops the actor once no call of its is in flight; the announcement listener goes with it. */
function stopWhenSettled(actor: SessionActor, listener: { unsubscribe(): void }) {
  const stop = () => {
    listener.unsubscribe();
    actor.stop();
  };
  if (!actor.getSnapshot().hasTag('busy')) return stop();
  const subscription = actor.subscribe((snapshot) => {
    if (snapshot.hasTag('busy')) return;
    subscription.unsubscribe();
    stop();
  });
}

/**
 * A session statechart for one page, started from the user the root actor knows and kept in step
 * with it. When the page's flow signs the trader in or out, the root actor is told
 * (`session.changed`: it reads the user again and reconnects the socket); the route guards then
 * take the trader on (signed in: /home, signed out: /login).
 *
 * The guard may leave the page as soon as the answer's envelope changes the user, before the call
 * itself ends: a flow in flight then finishes without the page and still tells the root actor and
 * `onChanged`. The logout confirmation needs exactly this: its answer (signed out) makes the
 * 'user' guard leave the page before the call ends, and only `onChanged` can still go to /
 * (`useSession({ onChanged: (reason) => reason === 'logout' && navigate('/') })`).
 */
export function useSession({ onChanged }: UseSessionOptions = {}) {
  const api = useApi();
  const user = useUser();
  const appSend = useAppSend();
  const registry = useActorRegistry();
  const [location] = useLocation();
  const [session] = useState(() =>
    registry.create(sessionMachine.provide({ actors: sessionActors(api, browserPasskeyPrompt) }), { input: { user } }, { name: 'session', route: location }),
  );
  const listener = useRef(onChanged);
  const pendingStop = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    listener.current = onChanged;
  }, [onChanged]);
  useEffect(() => {
    if (user) session.send({ type: 'envelope.user', user });
  }, [session, user]);
  useEffect(() => {
    // React's development double mount leaves and comes back at once: the actor stays.
    clearTimeout(pendingStop.current);
    const announcements = session.on('session.changed', ({ reason }) => {
      appSend({ type: 'session.changed' });
      listener.current?.(reason);
    });
    session.start();
    return () => {
      if (session.getSnapshot().hasTag('busy')) return stopWhenSettled(session, announcements);
      announcements.unsubscribe();
      pendingStop.current = setTimeout(() => stopWhenSettled(session, announcements), 0);
    };
  }, [session, appSend]);
  return session;
}

type SessionRef = ReturnType<typeof useSession>;

/**
 * The account form's state: busy, waiting out a 429, and the failure split into the message above
 * the form and the messages at the fields. The failure object only changes with a new answer, so
 * the form sees new field errors only then.
 */
export function useAccountForm(session: SessionRef) {
  const busy = useSelector(session, (s) => selectAccountForm(s).busy);
  const throttled = useSelector(session, (s) => selectAccountForm(s).throttled);
  const failure = useSelector(session, (s) => s.context.failure);
  const view = useMemo(() => failureView(failure), [failure]);
  return { busy, throttled, ...view };
}

/** The texts of failures that no server answer wrote: the connection, the browser's passkey prompt. */
export const CLIENT_FAILURE_KEYS: Record<string, string> = {
  network: 'errors.network',
  timeout: 'errors.network',
  passkey_cancelled: 'security.error.passkey_cancelled',
  passkey_unsupported: 'security.error.passkey_unsupported',
};

/** A failure in the reader's language: the server's message, or ours when none arrived, and the wait after a 429. */
export function failureText(failure: Failure | null, t: TFunction): string | undefined {
  if (!failure) return undefined;
  const message = failure.message || t(CLIENT_FAILURE_KEYS[failure.code] ?? 'errors.internal');
  const seconds = failure.retryAfter;
  if (!seconds) return message;
  // From two minutes on, the wait is said in whole minutes.
  const wait = t('auth.retry_after', { seconds: seconds < 120 ? seconds : Math.ceil(seconds / 60) * 60 });
  return /[.!?]$/.test(message) ? `${message} ${wait}` : `${message}. ${wait}`;
}

/** Client check messages in the reader's language, as the forms' `validate` returns them. */
export const translateChecks = (t: TFunction, errors: CheckErrors): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, t(message.key, message.params ?? {})]));
