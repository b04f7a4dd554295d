import { fromPromise } from 'xstate';
import type { Finances, PaymentHistoryPayload, PaymentHistoryQuery } from '../../api/contract/payments';
import type { PaymentsEndpoints } from '../../api/endpoints/payments';
import type { WithdrawEndpoints } from '../../api/endpoints/withdraw';

export const financesActors = (withdraw: Pick<WithdrawEndpoints, 'finances'>, payments: Pick<PaymentsEndpoints, 'history'>) => ({
  loadFinances: fromPromise<Finances>(({ signal }) => withdraw.finances({ signal })),
  loadHistory: fromPromise<PaymentHistoryPayload, PaymentHistoryQuery>(({ input, signal }) => payments.history(input, { signal })),
});
