import { fromPromise } from 'xstate';
import type { Deposit, DepositIntegrationPayload, Finances, PaymentHistoryPayload, PaymentHistoryQuery } from '../../api/contract/payments';
import type { DepositEndpoints } from '../../api/endpoints/deposit';
import type { PaymentsEndpoints } from '../../api/endpoints/payments';
import type { WithdrawEndpoints } from '../../api/endpoints/withdraw';

export const financesActors = (
  withdraw: Pick<WithdrawEndpoints, 'finances'>,
  payments: Pick<PaymentsEndpoints, 'history'>,
  deposit: Pick<DepositEndpoints, 'resume' | 'cancel'>,
) => ({
  loadFinances: fromPromise<Finances>(({ signal }) => withdraw.finances({ signal })),
  loadHistory: fromPromise<PaymentHistoryPayload, PaymentHistoryQuery>(({ input, signal }) => payments.history(input, { signal })),
  resumeDeposit: fromPromise<DepositIntegrationPayload, { id: number }>(({ input, signal }) => deposit.resume(input.id, { signal })),
  cancelDeposit: fromPromise<Deposit, { id: number }>(({ input, signal }) => deposit.cancel(input.id, { signal })),
});
