import { describe, expect, test } from 'vitest';
import { useTestServer as testServer } from './harness';

const server = testServer({ keep: ['payment_systems', 'pairs'] });

describe('payment systems', () => {
  test('lists the three sandbox systems with limits and fees', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/payment_system/list', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.payload.items.map((s: { slug: string }) => s.slug)).toEqual(['card', 'usdt', 'bank']);
  });
});
