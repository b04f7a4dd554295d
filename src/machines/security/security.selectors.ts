import type { SnapshotFrom } from 'xstate';
import type { securityMachine } from './security.machine';

type SecuritySnapshot = SnapshotFrom<typeof securityMachine>;

/** What the two-factor panel shows. */
export type TotpStage = 'loading' | 'loadFailed' | 'off' | 'enrolling' | 'codes' | 'on';

export function selectTotpStage(snapshot: SecuritySnapshot): TotpStage {
  if (snapshot.matches({ totp: 'loadFailed' })) return 'loadFailed';
  if (snapshot.matches({ totp: 'enrolling' }) || snapshot.matches({ totp: 'confirming' })) return 'enrolling';
  if (snapshot.matches({ totp: 'showingCodes' })) return 'codes';
  if (snapshot.matches({ totp: 'off' })) return 'off';
  if (snapshot.matches({ totp: 'on' }) || snapshot.matches({ totp: 'disabling' }) || snapshot.matches({ totp: 'renewingCodes' })) return 'on';
  // Starting a setup from on or off, or reloading: the last known state stays on screen.
  if (snapshot.context.security) return snapshot.context.security.totp.enabled ? 'on' : 'off';
  return 'loading';
}

export const selectTotpBusy = (snapshot: SecuritySnapshot) => snapshot.hasTag('totpBusy');

/** One of the account's passkeys can confirm the panel's steps; `signing`: its prompt is open. */
export const selectTotpPasskey = (snapshot: SecuritySnapshot): { offered: boolean; signing: boolean } => ({
  offered: (snapshot.context.security?.passkeys.length ?? 0) > 0,
  signing: snapshot.matches({ totp: 'signingWithPasskey' }),
});
export const selectSessionsBusy = (snapshot: SecuritySnapshot) => snapshot.hasTag('sessionsBusy');
export const selectSessionsStage = (snapshot: SecuritySnapshot): 'loading' | 'loadFailed' | 'ready' =>
  snapshot.matches({ sessions: 'loadFailed' }) ? 'loadFailed' : snapshot.context.sessions.length > 0 || snapshot.matches({ sessions: 'ready' }) ? 'ready' : 'loading';

/** What the passkeys section shows: the list (null until the state loads) and which form is open. */
export type PasskeysStage = 'idle' | 'naming' | 'confirmingRemoval';
export function selectPasskeysStage(snapshot: SecuritySnapshot): PasskeysStage {
  if ((['naming', 'signingToAdd', 'adding'] as const).some((state) => snapshot.matches({ passkeys: state }))) return 'naming';
  if ((['confirmingRemoval', 'signingToRemove', 'removing'] as const).some((state) => snapshot.matches({ passkeys: state }))) return 'confirmingRemoval';
  return 'idle';
}
export const selectPasskeysBusy = (snapshot: SecuritySnapshot) => snapshot.hasTag('passkeysBusy');
/** The prompt of the passkey that confirms adding or removing one is open. */
export const selectPasskeysSigning = (snapshot: SecuritySnapshot) =>
  snapshot.matches({ passkeys: 'signingToAdd' }) || snapshot.matches({ passkeys: 'signingToRemove' });
