import type { SnapshotFrom } from 'xstate';
import type { ordersMachine } from './orders.machine';

type OrdersSnapshot = SnapshotFrom<typeof ordersMachine>;

export const selectOrders = (s: OrdersSnapshot) => s.context.orders;
export const selectOrdersLoading = (s: OrdersSnapshot) => s.matches('loading');
export const selectOrdersFailed = (s: OrdersSnapshot) => s.matches('failed');
export const selectOrderSubmitting = (s: OrdersSnapshot) => s.matches({ ready: { form: 'submitting' } });
export const selectOrderCancelling = (s: OrdersSnapshot) => (s.matches({ ready: { form: 'cancelling' } }) ? s.context.cancelling : null);
export const selectOrdersProblem = (s: OrdersSnapshot) => s.context.problem;
