import { fromPromise } from 'xstate';
import type { Api } from '../../api/api';
import type { ChangePasswordRequest, LoginRequest, RegisterRequest, ResetByTokenRequest, ResetRequest } from '../../api/contract/auth';
import type { EnvelopeUser } from '../../api/contract/envelope';
import type { UserInfo, UserInfoUpdateRequest } from '../../api/contract/user';
import type { SecondFactorLoginRequest } from '../../api/contract/security';
import type { PasskeyPrompt } from '../../api/passkey-prompt';

/**
 * The session machine's calls over the api. The auth calls answer an empty payload: the user
 * travels in the envelope, which the client's hook publishes to the root actor before the call
 * resolves, so the check answers null and the machine learns the user from `envelope.user`.
 */
export const sessionActors = (api: Pick<Api, 'auth' | 'user' | 'security'>, passkeys: PasskeyPrompt) => ({
  checkSession: fromPromise<EnvelopeUser | null>(async ({ signal }) => {
    await api.auth.check({ signal });
    return null;
  }),
  logIn: fromPromise<unknown, LoginRequest>(({ input, signal }) => api.auth.login(input, { signal })),
  submitSecondFactor: fromPromise<unknown, SecondFactorLoginRequest>(({ input, signal }) => api.security.secondFactor(input, { signal })),
  proveSecondFactorWithPasskey: fromPromise<unknown>(async ({ signal }) => {
    const options = await api.security.secondFactorPasskeyOptions({ signal });
    return api.security.secondFactorPasskey({ response: await passkeys.sign(options) }, { signal });
  }),
  signInWithPasskey: fromPromise<unknown>(async ({ signal }) => {
    const options = await api.security.passkeySignInOptions({ signal });
    return api.security.passkeySignIn({ response: await passkeys.sign(options) }, { signal });
  }),
  register: fromPromise<unknown, RegisterRequest>(({ input, signal }) => api.auth.register(input, { signal })),
  requestReset: fromPromise<unknown, ResetRequest>(({ input, signal }) => api.auth.requestReset(input, { signal })),
  resetByToken: fromPromise<unknown, { token: string; values: ResetByTokenRequest }>(({ input, signal }) =>
    api.auth.resetByToken(input.token, input.values, { signal }),
  ),
  logOut: fromPromise<unknown>(({ signal }) => api.auth.logout({ signal })),
  changePassword: fromPromise<unknown, ChangePasswordRequest>(({ input, signal }) => api.auth.changePassword(input, { signal })),
  loadProfile: fromPromise<UserInfo>(({ signal }) => api.user.info({ signal })),
  saveProfile: fromPromise<UserInfo, UserInfoUpdateRequest>(({ input, signal }) => api.user.updateInfo(input, { signal })),
  sendConfirmation: fromPromise<unknown>(({ signal }) => api.auth.sendConfirmation({ signal })),
});
