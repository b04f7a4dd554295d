import type { KyInstance } from 'ky';
import type { ChangePasswordRequest, LoginRequest, RegisterRequest, ResetByTokenRequest, ResetRequest } from '../contract/auth';
import { authPayloadSchema, loginPayloadSchema, sentPayloadSchema } from '../contract/auth-payloads';
import { callApi } from '../client';
import { apiPath } from './payload';

type Signal = { signal?: AbortSignal };

/**
 * Sign-up, sign-in and passwords. The payloads are empty (the user, the locale and the site
 * settings arrive in the envelope, so the root actor learns them from the client's hook), except
 * that login and reset may answer `second_factor` when the account's code is asked next.
 */
export const authEndpoints = (http: KyInstance) => ({
  check: ({ signal }: Signal = {}) => callApi(http, 'get', apiPath('auth/check'), authPayloadSchema, { signal }),
  login: (body: LoginRequest, { signal }: Signal = {}) => callApi(http, 'post', apiPath('auth/login'), loginPayloadSchema, { json: body, signal }),
  register: (body: RegisterRequest, { signal }: Signal = {}) =>
    callApi(http, 'post', apiPath('auth/register'), authPayloadSchema, { json: body, signal }),
  logout: ({ signal }: Signal = {}) => callApi(http, 'post', apiPath('auth/logout'), authPayloadSchema, { json: {}, signal }),
  requestReset: (body: ResetRequest, { signal }: Signal = {}) =>
    callApi(http, 'post', apiPath('auth/reset'), sentPayloadSchema, { json: body, signal }),
  resetByToken: (token: string, body: ResetByTokenRequest, { signal }: Signal = {}) =>
    callApi(http, 'post', apiPath(`auth/reset/${encodeURIComponent(token)}`), loginPayloadSchema, { json: body, signal }),
  changePassword: (body: ChangePasswordRequest, { signal }: Signal = {}) =>
    callApi(http, 'post', apiPath('auth/change'), authPayloadSchema, { json: body, signal }),
  sendConfirmation: ({ signal }: Signal = {}) =>
    callApi(http, 'get', apiPath('auth/send_confirmation_instructions'), sentPayloadSchema, { signal }),
});
