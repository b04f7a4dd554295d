import type { Alert } from '../../src/api/contract/alerts';
import type { Order } from '../../src/api/contract/orders';
import { serverText } from './locale-texts';

/** Orders and alerts as the server shapes them, for stories, msw and machine tests. */
const CREATED = '2026-11-27T07:00:00.000Z';

export const pendingPriceOrder: Order = {
  id: 11,
  kind: 'price',
  wallet_type: 'demo',
  pair_id: 'eurusd',
  symbol: 'EUR/USD',
  direction: 'up',
  amount: 10,
  interval: 60,
  level: 1.0875,
  trigger: 'at_or_above',
  at: null,
  expires_at: '2026-11-27T08:00:00.000Z',
  status: 'pending',
  created_at: CREATED,
  closed_at: null,
  bet_id: null,
  reason: null,
};

export const pendingTimeOrder: Order = {
  ...pendingPriceOrder,
  id: 12,
  kind: 'time',
  direction: 'down',
  amount: 25,
  level: null,
  trigger: null,
  at: '2026-11-27T07:30:00.000Z',
};

export const triggeredOrder: Order = { ...pendingPriceOrder, id: 9, status: 'triggered', closed_at: '2026-11-27T07:05:00.000Z', bet_id: 501 };
const refusedOrder: Order = {
  ...pendingTimeOrder,
  id: 8,
  status: 'refused',
  closed_at: '2026-11-27T07:04:00.000Z',
  reason: serverText('ru', 'errors.insufficient_funds'),
};
const expiredOrder: Order = { ...pendingPriceOrder, id: 7, direction: 'down', trigger: 'at_or_below', level: 1.081, status: 'expired', closed_at: '2026-11-27T07:02:00.000Z' };

export const SAMPLE_ORDERS: Order[] = [pendingPriceOrder, pendingTimeOrder, triggeredOrder, refusedOrder, expiredOrder];

export const activeAlert: Alert = {
  id: 21,
  pair_id: 'eurusd',
  symbol: 'EUR/USD',
  direction: 'above',
  level: 1.09,
  repeat: 'once',
  status: 'active',
  fired_count: 0,
  last_fired_at: null,
  created_at: CREATED,
};
export const everyAlert: Alert = { ...activeAlert, id: 22, direction: 'below', level: 1.08, repeat: 'every', fired_count: 3, last_fired_at: '2026-11-27T07:10:00.000Z' };
const firedAlert: Alert = { ...activeAlert, id: 20, level: 1.085, status: 'fired', fired_count: 1, last_fired_at: '2026-11-27T07:06:00.000Z' };

export const SAMPLE_ALERTS: Alert[] = [activeAlert, everyAlert, firedAlert];
