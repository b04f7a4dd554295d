import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type {
  ChangePasswordRequest,
  LoginRequest,
  RegisterRequest,
  ResetByTokenRequest,
  ResetRequest,
} from '../../api/contract/auth';
import type { EnvelopeUser } from '../../api/contract/envelope';
import type { LoginPayload, SecondFactorKind } from '../../api/contract/auth-payloads';
import type { SecondFactorLoginRequest } from '../../api/contract/security';
import type { UserInfo, UserInfoUpdateRequest } from '../../api/contract/user';
import { notProvided, toFailure, type Failure } from '../app/failure';

/**
 * The trader's session (docs/design.md 4): checking, anonymous, authenticated, and the account flows
 * that move between them: log in (with remember-me), register, ask for a reset link, reset by the
 * emailed token, log out through the confirmation modal, change the password, read and save the
 * personal data, send the confirmation email again.
 *
 * Events (the contract for every container that drives it):
 * - `envelope.user` {user}: the user of an answer's envelope (the root actor forwards it, route
 *   containers forward `useUser()`); it moves a resting session between anonymous and authenticated.
 * - `session.check`: GET /api/auth/check again (also the retry after a failed check).
 * - `login.submit` {values}, `register.submit` {values}, `reset.request` {values},
 *   `reset.submit` {token, values}: the anonymous flows.
 * - `secondFactor.submit` {values: {code}}, `secondFactor.passkey`, `secondFactor.cancel`: the
 *   second step of a sign-in (login or reset) of an account with two-factor sign-in, in
 *   `anonymous.secondFactor`: an authenticator app's code, or one of the account's passkeys.
 * - `passkey.signIn`: a sign-in with a passkey and no password.
 * - `logout.request` (the user menu's Logout: opens the modal), `logout.cancel` (the modal's Close),
 *   `logout.confirm` (the modal's Logout button): POST /api/auth/logout, then anonymous.
 * - `password.change` {values}, `profile.load`, `profile.save` {values}, `confirmation.send`.
 * - `page.opened`: a page of the session's flows opened (the actor is the app's one, kept across
 *   pages): a flow at rest starts afresh (its failure, a 429's wait, a sent link, a changed
 *   password or the second step are left behind); a flow in flight carries on.
 *
 * Emitted: `session.changed` {reason} whenever this machine signed the trader in or out (login,
 * register, reset, logout, or `expired` when a call answered 401), so the app's wiring
 * (src/routes/auth/app-session.ts) tells the root actor to read the user again, and after a
 * logout goes to /.
 *
 * Failures keep the server's code, translated message, per-field messages (422) and `retryAfter`
 * (429); after a 429 the flow waits in `throttled` for that many seconds and takes no submit.
 */

export type SessionChangeReason = 'login' | 'register' | 'reset' | 'logout' | 'expired';

export interface SessionInput {
  /** What the root actor already knows; leave it out to check with the server first. */
  user?: EnvelopeUser | null;
}

export interface SessionContext {
  /** The last user an envelope or a flow told about; null until known. */
  user: EnvelopeUser | null;
  /** The last failure of an account flow (login, register, reset, logout, password). */
  failure: Failure | null;
  profile: UserInfo | null;
  profileFailure: Failure | null;
  confirmationFailure: Failure | null;
  /** The second factors the account that is signing in can use (the password step said). */
  secondFactorKinds: SecondFactorKind[];
}

export type SessionEvent =
  | { type: 'envelope.user'; user: EnvelopeUser }
  | { type: 'session.check' }
  | { type: 'login.submit'; values: LoginRequest }
  | { type: 'secondFactor.submit'; values: SecondFactorLoginRequest }
  | { type: 'secondFactor.passkey' }
  | { type: 'secondFactor.cancel' }
  | { type: 'passkey.signIn' }
  | { type: 'register.submit'; values: RegisterRequest }
  | { type: 'reset.request'; values: ResetRequest }
  | { type: 'reset.submit'; token: string; values: ResetByTokenRequest }
  | { type: 'logout.request' }
  | { type: 'logout.cancel' }
  | { type: 'logout.confirm' }
  | { type: 'password.change'; values: ChangePasswordRequest }
  | { type: 'profile.load' }
  | { type: 'profile.save'; values: UserInfoUpdateRequest }
  | { type: 'confirmation.send' }
  | { type: 'page.opened' };

export type SessionEmitted = { type: 'session.changed'; reason: SessionChangeReason };

export const signedOut: EnvelopeUser = { is_authenticated: false };

/** The root actor's user is null before anything is known: that counts as signed in only when it says so. */
export const isSignedIn = (user: EnvelopeUser | null | undefined) => user?.is_authenticated === true;

export const failureOf = (error: unknown) => toFailure(error);
/**
 * The error of an invoked call's failure (its `onError`), where the guards and actions below are
 * used: one named part for the failure branches every flow shares.
 */
const errorOf = (event: unknown) => (event as { error?: unknown }).error;
const isSessionEnded = (error: unknown) => failureOf(error).code === 'unauthenticated';
/** The password was right and the account's second factor is asked next. */
const secondFactorKindsOf = (output: unknown): SecondFactorKind[] =>
  (output as LoginPayload | null | undefined)?.second_factor ?? [];
const isThrottled = (error: unknown) => {
  const failure = failureOf(error);
  return failure.code === 'rate_limited' && (failure.retryAfter ?? 0) > 0;
};

export const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
  },
  actors: {
    /**
     * GET /api/auth/check. The user travels in the envelope, which the client's hook hands to the
     * root actor (and so, as `envelope.user`, here) before the call resolves; an actor that can tell
     * the user itself may answer it, otherwise null.
     */
    checkSession: fromPromise<EnvelopeUser | null>(notProvided('checkSession')),
    logIn: fromPromise<unknown, LoginRequest>(notProvided('logIn')),
    submitSecondFactor: fromPromise<unknown, SecondFactorLoginRequest>(notProvided('submitSecondFactor')),
    /** The account's passkey as the second step: the server's options, the browser's prompt, the proof. */
    proveSecondFactorWithPasskey: fromPromise<unknown>(notProvided('proveSecondFactorWithPasskey')),
    /** A sign-in with any passkey of this site and no password. */
    signInWithPasskey: fromPromise<unknown>(notProvided('signInWithPasskey')),
    register: fromPromise<unknown, RegisterRequest>(notProvided('register')),
    requestReset: fromPromise<unknown, ResetRequest>(notProvided('requestReset')),
    resetByToken: fromPromise<unknown, { token: string; values: ResetByTokenRequest }>(notProvided('resetByToken')),
    logOut: fromPromise<unknown>(notProvided('logOut')),
    changePassword: fromPromise<unknown, ChangePasswordRequest>(notProvided('changePassword')),
    loadProfile: fromPromise<UserInfo>(notProvided('loadProfile')),
    saveProfile: fromPromise<UserInfo, UserInfoUpdateRequest>(notProvided('saveProfile')),
    sendConfirmation: fromPromise<unknown>(notProvided('sendConfirmation')),
  },
  actions: {
    keepEventUser: assign({
      user: ({ event }) => {
        assertEvent(event, 'envelope.user');
        return event.user;
      },
    }),
    keepErrorFailure: assign({ failure: ({ event }) => failureOf(errorOf(event)) }),
    clearFailure: assign({ failure: null }),
    keepSecondFactorKinds: assign({
      secondFactorKinds: (_, params: { output: unknown }) => secondFactorKindsOf(params.output),
    }),
    signedOut: assign({ user: signedOut, profile: null, profileFailure: null, confirmationFailure: null }),
    announce: emit((_, params: { reason: SessionChangeReason }) => ({
      type: 'session.changed' as const,
      reason: params.reason,
    })),
  },
  guards: {
    knownSignedIn: ({ context }) => isSignedIn(context.user),
    knownSignedOut: ({ context }) => context.user !== null && !isSignedIn(context.user),
    eventUserSignedIn: ({ event }) => {
      assertEvent(event, 'envelope.user');
      return isSignedIn(event.user);
    },
    errorSessionEnded: ({ event }) => isSessionEnded(errorOf(event)),
    errorThrottled: ({ event }) => isThrottled(errorOf(event)),
    secondFactorAsked: (_, params: { output: unknown }) => secondFactorKindsOf(params.output).length > 0,
    errorSecondFactorExpired: ({ event }) => failureOf(errorOf(event)).code === 'invalid_token',
  },
  delays: {
    /** How long the server asked to wait (429 retry_after). */
    throttle: ({ context }) => (context.failure?.retryAfter ?? 0) * 1000,
  },
});

/** A flow's call failed: after a 429 it waits in `throttled`; otherwise back to `target`, with the reason. */
export const failedBackTo = <Target extends string>(target: Target) =>
  [
    { guard: 'errorThrottled', target: 'throttled', actions: 'keepErrorFailure' },
    { target, actions: 'keepErrorFailure' },
  ] as const;

/** A call answered 401: the session ended elsewhere, so the trader is signed out and told. */
export const sessionExpired = {
  guard: 'errorSessionEnded',
  target: '#session.anonymous',
  actions: ['signedOut', { type: 'announce', params: { reason: 'expired' } }],
} as const;
