import { fromPromise } from 'xstate';
import type { WithdrawCancelInfo, WithdrawConfigPayload, WithdrawQuote, Withdrawal } from '../../api/contract/payments';
import type { Api } from '../../api/api';
import type { PasskeyPrompt } from '../../api/passkey-prompt';
import { signWithFreshPasskey } from '../app/fresh-passkey';
import type { WithdrawOverview, WithdrawSubmission } from './withdraw.machine';

/** The withdraw machine's calls over the api, and the browser's passkey prompt. */
export const withdrawActors = ({ withdraw, security }: Pick<Api, 'withdraw' | 'security'>, passkeys: PasskeyPrompt) => ({
  loadWithdrawOverview: fromPromise<WithdrawOverview>(async ({ signal }) => {
    const [systems, finances] = await Promise.all([withdraw.systems({ signal }), withdraw.finances({ signal })]);
    return { systems, finances };
  }),
  loadWithdrawSystem: fromPromise<WithdrawConfigPayload, { id: number }>(({ input, signal }) => withdraw.config(input.id, { signal })),
  checkWithdraw: fromPromise<WithdrawQuote, WithdrawSubmission>(({ input, signal }) => withdraw.check(input.url, input.form, { signal })),
  confirmWithdraw: fromPromise<Withdrawal, WithdrawSubmission>(({ input, signal }) => withdraw.confirm(input.url, input.form, { signal })),
  signWithPasskey: signWithFreshPasskey(security, passkeys),
  loadCancelInfo: fromPromise<WithdrawCancelInfo, { id: number }>(({ input, signal }) => withdraw.cancelInfo(input.id, { signal })),
  cancelWithdraw: fromPromise<Withdrawal, { id: number }>(({ input, signal }) => withdraw.cancel(input.id, { signal })),
});
