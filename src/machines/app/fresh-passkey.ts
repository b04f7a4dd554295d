import { fromPromise } from 'xstate';
import type { Api } from '../../api/api';
import type { FreshFactorPurpose, PasskeyAuthenticationResponse } from '../../api/contract/security';
import type { PasskeyPrompt } from '../../api/passkey-prompt';
import { notProvided } from './failure';

/** The step a fresh passkey confirms: the server binds its challenge to the account and to it. */
export interface FreshPasskeyInput {
  purpose: FreshFactorPurpose;
}

/**
 * The passkey ceremony of a step that asks for a fresh second factor (a withdrawal, changing or
 * turning off two-factor sign-in, the account's passkeys): the server's challenge for the step,
 * signed by one of the account's passkeys in the browser's prompt. A machine declares it with
 * `freshPasskeyEffect`; the composition root provides `signWithFreshPasskey`. A closed prompt
 * fails with the client code `passkey_cancelled` (src/api/passkey.ts).
 */
export const freshPasskeyEffect = fromPromise<PasskeyAuthenticationResponse, FreshPasskeyInput>(notProvided('signWithPasskey'));

export const signWithFreshPasskey = (security: Pick<Api['security'], 'freshPasskeyOptions'>, passkeys: PasskeyPrompt) =>
  fromPromise<PasskeyAuthenticationResponse, FreshPasskeyInput>(async ({ input, signal }) =>
    passkeys.sign(await security.freshPasskeyOptions({ purpose: input.purpose }, { signal })),
  );
