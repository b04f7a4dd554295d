import type { KyInstance } from 'ky';
import { authPayloadSchema } from '../contract/auth';
import {
  endedSessionsPayloadSchema,
  recoveryCodesPayloadSchema,
  securityPayloadSchema,
  sessionsPayloadSchema,
  signInsPayloadSchema,
  totpSetupPayloadSchema,
  passkeyPayloadSchema,
  webAuthnOptionsSchema,
  type FreshPasskeyOptionsRequest,
  type FreshSecondFactorRequest,
  type PasskeyOptionsRequest,
  type PasskeyProofRequest,
  type PasskeyRegisterRequest,
  type SecondFactorLoginRequest,
  type TotpConfirmRequest,
  type TotpSetupRequest,
} from '../contract/security';
import { callApi } from '../client';
import { apiPath } from './payload';

type Signal = { signal?: AbortSignal };

/** Two-factor sign-in, the sessions list and the sign-in history (docs/api.md "Account safety"). */
export const securityEndpoints = (http: KyInstance) => ({
  secondFactor: (body: SecondFactorLoginRequest, { signal }: Signal = {}) =>
    callApi(http, 'post', apiPath('auth/login/second-factor'), authPayloadSchema, { json: body, signal }),
  state: ({ signal }: Signal = {}) => callApi(http, 'get', apiPath('auth/security'), securityPayloadSchema, { signal }),
  totpSetup: (body: TotpSetupRequest, { signal }: Signal = {}) =>
    callApi(http, 'post', apiPath('auth/totp/setup'), totpSetupPayloadSchema, { json: body, signal }),
  totpConfirm: (body: TotpConfirmRequest, { signal }: Signal = {}) =>
    callApi(http, 'post', apiPath('auth/totp/confirm'), recoveryCodesPayloadSchema, { json: body, signal }),
  totpDisable: (body: FreshSecondFactorRequest, { signal }: Signal = {}) =>
    callApi(http, 'post', apiPath('auth/totp/disable'), authPayloadSchema, { json: body, signal }),
  recoveryCodes: (body: FreshSecondFactorRequest, { signal }: Signal = {}) =>
    callApi(http, 'post', apiPath('auth/totp/recovery-codes'), recoveryCodesPayloadSchema, { json: body, signal }),
  sessions: ({ signal }: Signal = {}) => callApi(http, 'get', apiPath('auth/sessions'), sessionsPayloadSchema, { signal }),
  endSession: (id: string, { signal }: Signal = {}) =>
    callApi(http, 'post', apiPath(`auth/sessions/${encodeURIComponent(id)}/end`), authPayloadSchema, { json: {}, signal }),
  endOtherSessions: ({ signal }: Signal = {}) =>
    callApi(http, 'post', apiPath('auth/sessions/end-others'), endedSessionsPayloadSchema, { json: {}, signal }),
  signIns: ({ signal }: Signal = {}) => callApi(http, 'get', apiPath('auth/sign-ins'), signInsPayloadSchema, { signal }),
  passkeyOptions: (body: PasskeyOptionsRequest, { signal }: Signal = {}) =>
    callApi(http, 'post', apiPath('auth/passkeys/options'), webAuthnOptionsSchema, { json: body, signal }),
  addPasskey: (body: PasskeyRegisterRequest, { signal }: Signal = {}) =>
    callApi(http, 'post', apiPath('auth/passkeys'), passkeyPayloadSchema, { json: body, signal }),
  removePasskey: (id: string, body: PasskeyOptionsRequest, { signal }: Signal = {}) =>
    callApi(http, 'post', apiPath(`auth/passkeys/${encodeURIComponent(id)}/remove`), authPayloadSchema, { json: body, signal }),
  passkeySignInOptions: ({ signal }: Signal = {}) =>
    callApi(http, 'post', apiPath('auth/passkey/sign-in/options'), webAuthnOptionsSchema, { json: {}, signal }),
  passkeySignIn: (body: PasskeyProofRequest, { signal }: Signal = {}) =>
    callApi(http, 'post', apiPath('auth/passkey/sign-in'), authPayloadSchema, { json: body, signal }),
  freshPasskeyOptions: (body: FreshPasskeyOptionsRequest, { signal }: Signal = {}) =>
    callApi(http, 'post', apiPath('auth/fresh-factor/passkey/options'), webAuthnOptionsSchema, { json: body, signal }),
  secondFactorPasskeyOptions: ({ signal }: Signal = {}) =>
    callApi(http, 'post', apiPath('auth/login/second-factor/passkey/options'), webAuthnOptionsSchema, { json: {}, signal }),
  secondFactorPasskey: (body: PasskeyProofRequest, { signal }: Signal = {}) =>
    callApi(http, 'post', apiPath('auth/login/second-factor/passkey'), authPayloadSchema, { json: body, signal }),
});
export type SecurityEndpoints = ReturnType<typeof securityEndpoints>;
