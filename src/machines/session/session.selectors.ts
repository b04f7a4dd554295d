import type { SnapshotFrom } from 'xstate';
import type { UserInfo } from '../../api/contract/user';
import type { Failure } from '../app/failure';
import type { sessionMachine } from './session.machine';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export type SessionStatus = 'checking' | 'checkFailed' | 'anonymous' | 'authenticated';

export function selectSessionStatus(snapshot: SessionSnapshot): SessionStatus {
  if (snapshot.matches('authenticated')) return 'authenticated';
  if (snapshot.matches('anonymous')) return 'anonymous';
  if (snapshot.matches('checkFailed')) return 'checkFailed';
  return 'checking';
}

/** What a form shows of a failure: the per-field messages at their fields, the rest above the form. */
export interface FailureView {
  /** Shown above the form; null when the failure is only field errors (422) or there is none. */
  formFailure: Failure | null;
  fieldErrors: Record<string, string>;
}

export function failureView(failure: Failure | null): FailureView {
  if (!failure) return { formFailure: null, fieldErrors: {} };
  const hasFields = Object.keys(failure.fields).length > 0;
  return { formFailure: failure.code === 'validation' && hasFields ? null : failure, fieldErrors: failure.fields };
}

export interface AccountFormView extends FailureView {
  busy: boolean;
  /** A 429 is being waited out: submits are not taken until it ends. */
  throttled: boolean;
}

/** The login, signup, forgot, reset and change-password forms: one account flow at a time. */
export function selectAccountForm(snapshot: SessionSnapshot): AccountFormView {
  const busy =
    snapshot.matches({ anonymous: 'loggingIn' }) ||
    snapshot.matches({ anonymous: 'registering' }) ||
    snapshot.matches({ anonymous: 'requestingReset' }) ||
    snapshot.matches({ anonymous: 'resetting' }) ||
    snapshot.matches({ anonymous: 'verifyingSecondFactor' }) ||
    snapshot.matches({ anonymous: 'verifyingPasskey' }) ||
    snapshot.matches({ anonymous: 'signingInWithPasskey' }) ||
    snapshot.matches({ authenticated: { account: 'changingPassword' } });
  return { ...failureView(snapshot.context.failure), busy, throttled: snapshot.hasTag('throttled') };
}

/** The password was right and the second factor is asked (or being checked, or waited for after a 429). */
export const selectSecondFactorStep = (snapshot: SessionSnapshot) =>
  snapshot.matches({ anonymous: 'secondFactor' }) ||
  snapshot.matches({ anonymous: 'verifyingSecondFactor' }) ||
  snapshot.matches({ anonymous: 'verifyingPasskey' }) ||
  snapshot.matches({ anonymous: 'secondFactorThrottled' });

/** The second factors the signing-in account has: the step offers the code field, a passkey button, or both. */
export const selectSecondFactorKinds = (snapshot: SessionSnapshot) => snapshot.context.secondFactorKinds;

export const selectResetRequested = (snapshot: SessionSnapshot) => snapshot.matches({ anonymous: 'resetRequested' });
export const selectPasswordChanged = (snapshot: SessionSnapshot) => snapshot.matches({ authenticated: { account: 'passwordChanged' } });

/** The logout confirmation modal (the shell's container renders it from this). */
export interface LogoutModalView {
  open: boolean;
  busy: boolean;
  failure: Failure | null;
}

export function selectLogoutModal(snapshot: SessionSnapshot): LogoutModalView {
  const busy = snapshot.matches({ authenticated: { account: 'loggingOut' } });
  const open = busy || snapshot.matches({ authenticated: { account: 'confirmingLogout' } });
  return { open, busy, failure: open ? snapshot.context.failure : null };
}

type ProfileStage = 'idle' | 'loading' | 'loadFailed' | 'ready' | 'saving';

export interface ProfileView extends FailureView {
  stage: ProfileStage;
  saved: boolean;
  profile: UserInfo | null;
}

export function selectProfile(snapshot: SessionSnapshot): ProfileView {
  const stages: ProfileStage[] = ['loading', 'loadFailed', 'ready', 'saving'];
  const stage = stages.find((name) => snapshot.matches({ authenticated: { profile: name } })) ?? 'idle';
  return {
    ...failureView(snapshot.context.profileFailure),
    stage,
    saved: snapshot.matches({ authenticated: { profile: { ready: 'saved' } } }),
    profile: snapshot.context.profile,
  };
}

export interface ConfirmationView {
  sending: boolean;
  sent: boolean;
  failure: Failure | null;
}

export function selectConfirmation(snapshot: SessionSnapshot): ConfirmationView {
  return {
    sending: snapshot.matches({ authenticated: { confirmation: 'sending' } }),
    sent: snapshot.matches({ authenticated: { confirmation: 'sent' } }),
    failure: snapshot.context.confirmationFailure,
  };
}
