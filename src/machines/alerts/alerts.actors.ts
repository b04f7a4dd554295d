import { fromPromise } from 'xstate';
import type { OrdersEndpoints } from '../../api/endpoints/orders';
import type { Alert, CreateAlertRequest } from '../../api/contract/alerts';

/** The alerts machine's calls over the api (the alert calls live with the orders' endpoints). */
export const alertsActors = (orders: OrdersEndpoints) => ({
  loadAlerts: fromPromise<Alert[]>(({ signal }) => orders.alerts({ signal })),
  createAlert: fromPromise<Alert, CreateAlertRequest>(({ input }) => orders.createAlert(input)),
  deleteAlert: fromPromise<Alert, { id: number }>(({ input }) => orders.deleteAlert(input.id)),
});
