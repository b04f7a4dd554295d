import { useActorRef, useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'wouter';
import type { Failure } from '../../machines/app/failure';
import type { CheckErrors } from '../../machines/session/account-checks';
import { sessionActors } from '../../machines/session/session.actors';
import { sessionMachine } from '../../machines/session/session.machine';
import { failureView, selectAccountForm } from '../../machines/session/session.selectors';
import { useApi, useAppSend, useUser } from '../app-services';

/** Where a page goes when the session machine signed the trader in or out. */
const AFTER_CHANGE = { login: '/home', register: '/home', reset: '/home', logout: '/', expired: '/login' } as const;

/**
 * A session statechart for one page, started from the user the root actor knows and kept in step
 * with it. When the page's flow signs the trader in or out, the root actor is told to read the
 * user again and the page moves on (signed in: /home; signed out: /; session expired: /login).
 */
export function useSession() {
  const api = useApi();
  const user = useUser();
  const appSend = useAppSend();
  const [, navigate] = useLocation();
  const machine = useMemo(() => sessionMachine.provide({ actors: sessionActors(api) }), [api]);
  const session = useActorRef(machine, { input: { user } });
  useEffect(() => {
    if (user) session.send({ type: 'envelope.user', user });
  }, [session, user]);
  useEffect(() => {
    const subscription = session.on('session.changed', ({ reason }) => {
      appSend({ type: 'session.changed' });
      navigate(AFTER_CHANGE[reason]);
    });
    return () => subscription.unsubscribe();
  }, [session, appSend, navigate]);
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

/** A failure in the reader's language: the server's message, or ours when none arrived, and the wait after a 429. */
export function failureText(failure: Failure | null, t: TFunction): string | undefined {
  if (!failure) return undefined;
  const message = failure.message || t(failure.code === 'network' || failure.code === 'timeout' ? 'errors.network' : 'errors.internal');
  const seconds = failure.retryAfter;
  if (!seconds) return message;
  const wait =
    seconds < 120 ? t('auth.retry_after_seconds', { seconds }) : t('auth.retry_after_minutes', { minutes: Math.ceil(seconds / 60) });
  return /[.!?]$/.test(message) ? `${message} ${wait}` : `${message}. ${wait}`;
}

/** Client check messages in the reader's language, as the forms' `validate` returns them. */
export const translateChecks = (t: TFunction, errors: CheckErrors): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, t(message.key, message.params ?? {})]));
