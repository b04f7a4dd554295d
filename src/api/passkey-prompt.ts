import type { PasskeyAuthenticationResponse, PasskeyRegistrationResponse } from './contract/security';

/** The browser's passkey prompts: a new passkey's answer, a passkey's signature over a challenge. */
export interface PasskeyPrompt {
  create: (options: Record<string, unknown>) => Promise<PasskeyRegistrationResponse>;
  sign: (options: Record<string, unknown>) => Promise<PasskeyAuthenticationResponse>;
}

/**
 * The app's prompts (src/api/passkey.ts), loaded when a ceremony starts: the session actor lives
 * on every page, and only a trader who uses a passkey needs the WebAuthn code.
 */
export const browserPasskeyPrompt: PasskeyPrompt = {
  create: async (options) => (await import('./passkey')).createPasskey(options),
  sign: async (options) => (await import('./passkey')).signWithPasskey(options),
};
