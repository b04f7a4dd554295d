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
import type { SetupProof } from './security.machine';

/** The Security screen's calls over the api. */
export const securityActors = (api: Pick<Api, 'security'>, passkeys: PasskeyPrompt) => {
  /** The fresh factor as the request carries it: the code, or a passkey's answer to a two-factor challenge (its prompt first). */
  async function freshFactor(proof: SetupProof, signal: AbortSignal): Promise<FreshSecondFactorRequest> {
    if (proof.passkey)
      return {
        passkey: await passkeys.sign(await api.security.freshPasskeyOptions({ purpose: 'two_factor' }, { signal })),
      };
    return proof.code === undefined ? {} : { code: proof.code };
  }
  return {
    loadSecurity: fromPromise<SecurityPayload>(({ signal }) => api.security.state({ signal })),
    startSetup: fromPromise<TotpSetupPayload, SetupProof>(async ({ input, signal }) =>
      api.security.totpSetup(await freshFactor(input, signal), { signal }),
    ),
    confirmSetup: fromPromise<string[], { code: string }>(
      async ({ input, signal }) => (await api.security.totpConfirm(input, { signal })).recovery_codes,
    ),
    disableTotp: fromPromise<unknown, { code: string }>(({ input, signal }) =>
      api.security.totpDisable(input, { signal }),
    ),
    renewCodes: fromPromise<string[], { code: string }>(
      async ({ input, signal }) => (await api.security.recoveryCodes(input, { signal })).recovery_codes,
    ),
    loadSessions: fromPromise<{ sessions: SessionItem[]; signIns: SignInItem[] }>(async ({ signal }) => {
      const [sessions, signIns] = await Promise.all([
        api.security.sessions({ signal }),
        api.security.signIns({ signal }),
      ]);
      return { sessions: sessions.items, signIns: signIns.items };
    }),
    endSession: fromPromise<unknown, { id: string }>(({ input, signal }) =>
      api.security.endSession(input.id, { signal }),
    ),
    endOtherSessions: fromPromise<unknown>(({ signal }) => api.security.endOtherSessions({ signal })),
    addPasskey: fromPromise<PasskeyItem, { name: string; password: string; proof: SetupProof }>(
      async ({ input, signal }) => {
        const options = await api.security.passkeyOptions(
          { password: input.password, ...(await freshFactor(input.proof, signal)) },
          { signal },
        );
        const response = await passkeys.create(options);
        return (await api.security.addPasskey({ name: input.name, response }, { signal })).passkey;
      },
    ),
    removePasskey: fromPromise<unknown, { id: string; password: string; proof: SetupProof }>(
      async ({ input, signal }) =>
        api.security.removePasskey(
          input.id,
          { password: input.password, ...(await freshFactor(input.proof, signal)) },
          { signal },
        ),
    ),
  };
};
