import { browserSupportsWebAuthn, startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { PasskeyAuthenticationResponse, PasskeyRegistrationResponse } from './contract/security';

/**
 * The browser's half of a passkey ceremony (@simplewebauthn/browser): the options the server made
 * go to navigator.credentials, and its answer goes back to the server as it is. A ceremony the
 * browser cannot run, or one the trader closed, is thrown as a failure with a client code the
 * screens translate (`passkey_unsupported`, `passkey_cancelled`), like a lost connection.
 */

export class PasskeyCeremonyError extends Error {
  /** No message of its own: the screen writes the code's text in the reader's language. */
  constructor(readonly code: 'passkey_cancelled' | 'passkey_unsupported') {
    super('');
  }
}

/** The browser said no: it has no WebAuthn, or the trader closed its prompt (or it timed out). */
function ceremonyFailure(error: unknown): unknown {
  if (!browserSupportsWebAuthn()) return new PasskeyCeremonyError('passkey_unsupported');
  if (error instanceof WebAuthnError || (error instanceof Error && error.name === 'NotAllowedError')) return new PasskeyCeremonyError('passkey_cancelled');
  return error;
}

/** navigator.credentials.create with the server's options: a new passkey's answer. */
export async function createPasskey(options: Record<string, unknown>): Promise<PasskeyRegistrationResponse> {
  try {
    return (await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON })) as PasskeyRegistrationResponse;
  } catch (error) {
    throw ceremonyFailure(error);
  }
}

/** navigator.credentials.get with the server's options: a passkey's signature over the challenge. */
export async function signWithPasskey(options: Record<string, unknown>): Promise<PasskeyAuthenticationResponse> {
  try {
    return (await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON })) as PasskeyAuthenticationResponse;
  } catch (error) {
    throw ceremonyFailure(error);
  }
}
