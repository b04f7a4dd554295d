import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { use, useEffect, useMemo } from 'react';
import type { Failure } from '../../machines/app/failure';
import type { CheckErrors } from '../../machines/session/account-checks';
import { failureView, selectAccountForm } from '../../machines/session/session.selectors';
import { useActorRegistry } from '../app-services';
import type { SessionActor } from './app-session';

/** The systemId of the app's one session actor in the registry (src/routes/auth/app-session.ts). */
export const SESSION_ID = 'session';

/**
 * The app's one session statechart (src/routes/auth/app-session.ts), from the registry. Until the
 * composition root has kept it (its module loads after the start) the component suspends, so the
 * page's Suspense shows its skeleton for that moment.
 */
export function useSession(): SessionActor {
  const registry = useActorRegistry();
  return (registry.keptActor(SESSION_ID) ?? use(registry.whenKept(SESSION_ID))) as SessionActor;
}

/**
 * The session for a page of its flows (sign-in, sign-up, the reset pages, the password, the
 * personal data): opening the page tells the session (`page.opened`), so a flow at rest starts
 * afresh (no failure of an earlier visit on the form) while one in flight carries on.
 */
export function useSessionPage(): SessionActor {
  const session = useSession();
  useEffect(() => {
    session.send({ type: 'page.opened' });
  }, [session]);
  return session;
}

/**
 * The account form's state: busy, waiting out a 429, and the failure split into the message above
 * the form and the messages at the fields. The failure object only changes with a new answer, so
 * the form sees new field errors only then.
 */
export function useAccountForm(session: SessionActor) {
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
