import { http } from 'msw';
import { createAlertRequestSchema } from '../../src/api/contract/alerts';
import { createOrderRequestSchema, type Order } from '../../src/api/contract/orders';
import type { Alert } from '../../src/api/contract/alerts';
import { serverText, textFor } from './locale-texts';
import { fail, ok } from './respond';
import { SAMPLE_ALERTS, SAMPLE_ORDERS } from './orders-fixtures';

/**
 * Pending orders and price alerts, kept in memory for the page and validated with the server's
 * schemas; a new order is pending, a new alert active. Not the server's rules (the price side,
 * the limits): stories that show a refusal answer it themselves.
 */
export function ordersHandlers(initial: { orders?: Order[]; alerts?: Alert[] } = {}) {
  let orders = [...(initial.orders ?? SAMPLE_ORDERS)];
  let alerts = [...(initial.alerts ?? SAMPLE_ALERTS)];
  let nextId = 100;
  const symbolOf = (pairId: string) => pairId.slice(0, 3).toUpperCase() + '/' + pairId.slice(3).toUpperCase();
  return [
    // A refusal's reason as the server translates it: the fixtures hold the Russian.
    http.get('*/api/order/list', ({ request }) =>
      ok({ orders: orders.map((o) => (o.reason === serverText('ru', 'errors.insufficient_funds') ? { ...o, reason: textFor(request, 'errors.insufficient_funds') } : o)) }),
    ),
    http.post('*/api/order/create', async ({ request }) => {
      const parsed = createOrderRequestSchema.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return fail(request, 'validation');
      const body = parsed.data;
      const order: Order = {
        id: (nextId += 1),
        kind: body.kind,
        wallet_type: body.wallet_type,
        pair_id: body.pair_id,
        symbol: symbolOf(body.pair_id),
        direction: body.direction,
        amount: body.amount,
        interval: body.interval,
        level: body.kind === 'price' ? body.level : null,
        trigger: body.kind === 'price' ? 'at_or_above' : null,
        at: body.kind === 'time' ? body.at : null,
        expires_at: body.expires_at,
        status: 'pending',
        created_at: new Date().toISOString(),
        closed_at: null,
        bet_id: null,
        reason: null,
      };
      orders = [order, ...orders];
      return ok({ order });
    }),
    http.post('*/api/order/:id/cancel', ({ request, params }) => {
      const order = orders.find((o) => o.id === Number(params.id));
      if (!order) return fail(request, 'not_found');
      if (order.status !== 'pending') return fail(request, 'not_cancellable');
      const cancelled: Order = { ...order, status: 'cancelled', closed_at: new Date().toISOString() };
      orders = [...orders.filter((o) => o.id !== order.id && o.status === 'pending'), cancelled, ...orders.filter((o) => o.id !== order.id && o.status !== 'pending')];
      return ok({ order: cancelled });
    }),
    http.get('*/api/alert/list', () => ok({ alerts })),
    http.post('*/api/alert/create', async ({ request }) => {
      const parsed = createAlertRequestSchema.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return fail(request, 'validation');
      const alert: Alert = {
        id: (nextId += 1),
        ...parsed.data,
        symbol: symbolOf(parsed.data.pair_id),
        status: 'active',
        fired_count: 0,
        last_fired_at: null,
        created_at: new Date().toISOString(),
      };
      alerts = [alert, ...alerts];
      return ok({ alert });
    }),
    http.post('*/api/alert/:id/delete', ({ request, params }) => {
      const alert = alerts.find((a) => a.id === Number(params.id));
      if (!alert) return fail(request, 'not_found');
      alerts = alerts.filter((a) => a.id !== alert.id);
      return ok({ alert });
    }),
  ];
}
