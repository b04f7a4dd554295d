import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useTestServer as testServer, XHR } from './harness';
import { createTrader } from './money-fixtures';
import { createSandboxProvider, SANDBOX_DECLINED_CARD } from '../../server/src/modules/payments/providers/sandbox';
import { isIbanValid, isLuhnValid, quoteWithdrawal, withdrawFieldError, type WithdrawField } from '../../src/api/contract/payments';
import { paymentSystemListPayloadSchema, depositConfigPayloadSchema, withdrawConfigPayloadSchema } from '../../src/api/contract/payments';

const server = testServer({ keep: ['payment_systems'] });

describe('payment systems', () => {
  test('GET /api/payment_system/list: the three sandbox systems, public, with limits, fees and logos', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/payment_system/list', headers: XHR });
    expect(res.statusCode).toBe(200);
    const { items } = paymentSystemListPayloadSchema.parse(res.json().payload);
    expect(items.map((s) => [s.slug, s.name, s.min, s.max, s.fee_percent])).toEqual([
      ['card', 'Bank card (test)', 10, 5000, 2.5],
      ['usdt', 'USDT TRC-20 (test)', 20, 10000, 1],
      ['bank', 'Bank transfer (test)', 50, 20000, 0.5],
    ]);
    expect(items.every((s) => s.fields === undefined)).toBe(true);
    // In the reader's language: a Russian page lists Russian names.
    const ru = await server.app.inject({ method: 'GET', url: '/api/payment_system/list', headers: { ...XHR, 'accept-language': 'ru' } });
    expect(paymentSystemListPayloadSchema.parse(ru.json().payload).items.map((s) => s.name)).toEqual([
      'Банковская карта (тест)',
      'USDT TRC-20 (тест)',
      'Банковский перевод (тест)',
    ]);
    // Each logo is a file of the web app (public/ is copied into the build the server serves).
    for (const system of items) expect(readFileSync(path.join('public', system.logo), 'utf8')).toContain('<svg');
  });

  test('GET /api/deposit/ps and /api/deposit/ps/{id}: the deposit config of each system', async () => {
    const trader = await createTrader(server);
    const list = await server.app.inject({ method: 'GET', url: '/api/deposit/ps', headers: trader.headers });
    const { items } = paymentSystemListPayloadSchema.parse(list.json().payload);
    expect(items.map((s) => s.url)).toEqual(['/deposit/ps/1', '/deposit/ps/2', '/deposit/ps/3']);
    const config = await server.app.inject({ method: 'GET', url: `/api${items[1]!.url}`, headers: trader.headers });
    expect(depositConfigPayloadSchema.parse(config.json().payload)).toMatchObject({
      ps: { id: 2, slug: 'usdt' },
      integration_url: '/deposit/integration_json',
    });
    expect((await server.app.inject({ method: 'GET', url: '/api/deposit/ps/77', headers: trader.headers })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/api/deposit/ps/0', headers: trader.headers })).statusCode).toBe(422);
    expect((await server.app.inject({ method: 'GET', url: '/api/deposit/ps', headers: XHR })).statusCode).toBe(401);
    const operator = await createTrader(server, { role: 'operator' });
    expect((await server.app.inject({ method: 'GET', url: '/api/deposit/ps', headers: operator.headers })).statusCode).toBe(403);
  });

  test('GET /api/withdraw/ps/{id}: fields translated to the request language', async () => {
    const trader = await createTrader(server);
    const en = await server.app.inject({ method: 'GET', url: '/api/withdraw/ps/3', headers: trader.headers });
    const config = withdrawConfigPayloadSchema.parse(en.json().payload);
    expect(config.ps.fields.map((f) => [f.name, f.label, f.type])).toEqual([
      ['iban', 'IBAN', 'iban'],
      ['beneficiary', 'Beneficiary name', 'text'],
    ]);
    const ru = await server.app.inject({ method: 'GET', url: '/api/withdraw/ps/3', headers: { ...trader.headers, 'accept-language': 'ru' } });
    expect(ru.json().payload.ps.fields[1].label).toBe('Имя получателя');
  });
});

describe('withdraw field checks (shared by the server and the web app)', () => {
  const field = (type: WithdrawField['type'], pattern?: string): WithdrawField => ({
    name: 'x', label: 'X', type, required: true, ...(pattern ? { pattern } : {}),
  });

  test('Luhn: test cards pass, a changed digit fails', () => {
    for (const card of ['4242 4242 4242 4242', '4111111111111111', '5555-5555-5555-4444', SANDBOX_DECLINED_CARD]) expect(isLuhnValid(card)).toBe(true);
    for (const card of ['4242 4242 4242 4241', '1234', 'abcd efgh ijkl mnop', '']) expect(isLuhnValid(card)).toBe(false);
  });

  test('IBAN: mod-97 holds for real examples, fails for a changed digit or bad shape', () => {
    for (const iban of ['DE89 3704 0044 0532 0130 00', 'GB82WEST12345698765432', 'fr1420041010050500013m02606']) expect(isIbanValid(iban)).toBe(true);
    for (const iban of ['DE89 3704 0044 0532 0130 01', 'GB82', '1234567890123456', 'DE89-3704-0044']) expect(isIbanValid(iban)).toBe(false);
  });

  test('patterns match the whole value; required fields must be filled', () => {
    const address = field('text', '^T[1-9A-HJ-NP-Za-km-z]{33}$');
    expect(withdrawFieldError(address, 'TQ1v2p3q4r5s6t7u8v9w1x2y3z4A5B6C7D')).toBeNull();
    expect(withdrawFieldError(address, 'TQ1v2p3q4r5s6t7u8v9w1x2y3z4A5B6C7D ')).toBeNull();
    expect(withdrawFieldError(address, 'xTQ1v2p3q4r5s6t7u8v9w1x2y3z4A5B6C7D')).toBe('money.withdraw.error.pattern');
    expect(withdrawFieldError(address, 'TQ1v2p3q4r5s6t7u8v9w1x2y3z4A5B6C7l')).toBe('money.withdraw.error.pattern');
    expect(withdrawFieldError(address, '')).toBe('validation.required');
    expect(withdrawFieldError({ ...address, required: false }, '')).toBeNull();
    expect(withdrawFieldError(field('card_number'), '4242 4242 4242 4241')).toBe('money.withdraw.error.card_number');
    expect(withdrawFieldError(field('iban'), 'DE00 0000')).toBe('money.withdraw.error.iban');
  });

  test('quotes: the fee is the percent rounded up to the cent', () => {
    expect(quoteWithdrawal('50', 2.5)).toEqual({ amount: 50, fee: 1.25, receive: 48.75 });
    expect(quoteWithdrawal('10.01', 2.5)).toEqual({ amount: 10.01, fee: 0.26, receive: 9.75 });
    expect(quoteWithdrawal(99.99, 0.5)).toEqual({ amount: 99.99, fee: 0.5, receive: 99.49 });
    expect(quoteWithdrawal('1.005', 1)).toBeNull();
    expect(quoteWithdrawal('0', 1)).toBeNull();
  });
});

describe('the sandbox provider', () => {
  const provider = createSandboxProvider('secret-a');
  const body = JSON.stringify({ event_id: 'e1', payment_id: '0b3a4c6e-1f2d-4e5f-8a9b-0c1d2e3f4a5b', status: 'approved', amount_cents: 1000 });

  test('verifies its own signature and reads the event', () => {
    expect(provider.verifyWebhook(body, provider.sign(body))).toEqual({
      eventId: 'e1', publicId: '0b3a4c6e-1f2d-4e5f-8a9b-0c1d2e3f4a5b', outcome: 'approved', amountCents: 1000,
    });
  });

  test('refuses another secret, a changed body, a missing or malformed signature, a malformed event', () => {
    const other = createSandboxProvider('secret-b');
    expect(provider.verifyWebhook(body, other.sign(body))).toBeNull();
    expect(provider.verifyWebhook(body.replace('1000', '100000'), provider.sign(body))).toBeNull();
    expect(provider.verifyWebhook(body, undefined)).toBeNull();
    expect(provider.verifyWebhook(body, 'not-hex')).toBeNull();
    const junk = '{"event_id":"e1"}';
    expect(provider.verifyWebhook(junk, provider.sign(junk))).toBeNull();
    expect(provider.verifyWebhook('not json', provider.sign('not json'))).toBeNull();
  });

  test('checkout urls name the payment by its public id', () => {
    expect(provider.createCheckout({ publicId: 'abc', amountCents: 100, returnUrl: '/deposit?deposit_id=1' })).toEqual({
      redirectUrl: '/sandbox/checkout/abc',
      checkUrl: '/sandbox/status/abc',
    });
  });

  test('pays out, except to the declined test card', async () => {
    expect(await provider.processWithdrawal({ id: 1, receiveCents: 100, fields: { card_number: '4242424242424242' } })).toEqual({ status: 'completed' });
    expect(await provider.processWithdrawal({ id: 2, receiveCents: 100, fields: { address: 'T...' } })).toEqual({ status: 'completed' });
    expect(await provider.processWithdrawal({ id: 3, receiveCents: 100, fields: { card_number: '4000 0000 0000 0002' } })).toEqual({
      status: 'rejected', reason: 'money.withdraw.reject.declined',
    });
  });

  test('the checkout stylesheet is served for the page', async () => {
    const css = await server.app.inject({ method: 'GET', url: '/sandbox/checkout.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });
});
