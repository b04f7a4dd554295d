import { fromPromise } from 'xstate';
import type { Api } from '../../api/api';
import type {
  FreshSecondFactorRequest,
  PasskeyItem,
  SecurityPayload,
  SessionItem,
  SignInItem,
  TotpSetupPayload,
} from '../../api/contract/security';
import type { PasskeyPrompt } from '../../api/passkey-prompt';
import { signWithFreshPasskey } from '../app/fresh-passkey';
import type { PasskeyChange } from './security.machine';

/** The Security screen's calls over the api, and the browser's passkey prompts. */
export const securityActors = (api: Pick<Api, 'security'>, passkeys: PasskeyPrompt) => ({
  loadSecurity: fromPromise<SecurityPayload>(({ signal }) => api.security.state({ signal })),
  startSetup: fromPromise<TotpSetupPayload, FreshSecondFactorRequest>(({ input, signal }) => api.security.totpSetup(input, { signal })),
  confirmSetup: fromPromise<string[], { code: string }>(
    async ({ input, signal }) => (await api.security.totpConfirm(input, { signal })).recovery_codes,
  ),
  disableTotp: fromPromise<unknown, FreshSecondFactorRequest>(({ input, signal }) => api.security.totpDisable(input, { signal })),
  renewCodes: fromPromise<string[], FreshSecondFactorRequest>(
    async ({ input, signal }) => (await api.security.recoveryCodes(input, { signal })).recovery_codes,
  ),
  signWithPasskey: signWithFreshPasskey(api.security, passkeys),
  loadSessions: fromPromise<{ sessions: SessionItem[]; signIns: SignInItem[] }>(async ({ signal }) => {
    const [sessions, signIns] = await Promise.all([api.security.sessions({ signal }), api.security.signIns({ signal })]);
    return { sessions: sessions.items, signIns: signIns.items };
  }),
  endSession: fromPromise<unknown, { id: string }>(({ input, signal }) => api.security.endSession(input.id, { signal })),
  endOtherSessions: fromPromise<unknown>(({ signal }) => api.security.endOtherSessions({ signal })),
  addPasskey: fromPromise<PasskeyItem, PasskeyChange>(async ({ input, signal }) => {
    const options = await api.security.passkeyOptions({ password: input.password, ...input.factor }, { signal });
    const response = await passkeys.create(options);
    return (await api.security.addPasskey({ name: input.name, response }, { signal })).passkey;
  }),
  removePasskey: fromPromise<unknown, PasskeyChange & { id: string }>(({ input, signal }) =>
    api.security.removePasskey(input.id, { password: input.password, ...input.factor }, { signal }),
  ),
});
