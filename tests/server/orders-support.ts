import type { FastifyInstance } from 'fastify';
import type { CreateAlertRequest } from '../../src/api/contract/alerts';
import type { CreateOrderRequest } from '../../src/api/contract/orders';
import { XHR } from './harness';

/** A price order on eurusd's demo wallet: up 10 for 30 s, valid for ten minutes. */
export const priceOrder = (level: number, overrides: Partial<CreateOrderRequest> = {}): CreateOrderRequest =>
  ({
    kind: 'price',
    level,
    wallet_type: 'demo',
    pair_id: 'eurusd',
    direction: 'up',
    amount: 10,
    interval: 30,
    expires_at: new Date(Date.now() + 600_000).toISOString(),
    ...overrides,
  }) as CreateOrderRequest;

export const timeOrder = (at: number, overrides: Partial<CreateOrderRequest> = {}): CreateOrderRequest =>
  ({ ...priceOrder(1), kind: 'time', level: undefined, at: new Date(at).toISOString(), ...overrides }) as CreateOrderRequest;

export const alertRequest = (level: number, overrides: Partial<CreateAlertRequest> = {}): CreateAlertRequest => ({
  pair_id: 'eurusd',
  direction: 'above',
  level,
  repeat: 'once',
  ...overrides,
});

export async function post(app: FastifyInstance, cookie: string, url: string, payload?: object) {
  return app.inject({ method: 'POST', url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) });
}
