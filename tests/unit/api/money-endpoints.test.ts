import ky from 'ky';
import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { depositEndpoints } from '../../../src/api/endpoints/deposit';
import { ApiError } from '../../../src/api/client';
import { paymentsEndpoints } from '../../../src/api/endpoints/payments';
import { tournamentsEndpoints } from '../../../src/api/endpoints/tournaments';
import { withdrawEndpoints } from '../../../src/api/endpoints/withdraw';
import { paymentsHandlers } from '../../msw/payments';
import { tournamentsHandlers } from '../../msw/tournaments';
import { TEST_CARD } from '../../msw/money-fixtures';

const server = setupServer(...paymentsHandlers, ...tournamentsHandlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const http = ky.create({ prefixUrl: 'http://app.test/', headers: { 'Accept-Language': 'en' }, retry: 0 });
const withdraw = withdrawEndpoints(http);

describe('money endpoints over the contract', () => {
  test('withdraw: the config urls drive the multipart check and confirm', async () => {
    const [card] = await withdraw.systems();
    const config = await withdraw.config(card!.id);
    const form = { amount: '50', card_number: TEST_CARD, holder_name: 'ANNA PETROVA' };
    expect(await withdraw.check(config.check_url, form)).toEqual({ amount: 50, fee: 1, receive: 49 });
    const withdrawal = await withdraw.confirm(config.confirm_url, form);
    expect(withdrawal).toMatchObject({ status: 'pending', amount: 50, slug: 'card' });
    expect(await withdraw.cancel(withdrawal.id)).toMatchObject({ status: 'cancelled' });
  });

  test("a refused check throws the server's code and translated field errors", async () => {
    const config = await withdraw.config(1);
    const error = await withdraw.check(config.check_url, { amount: '50', card_number: '4242 4242 4242 4241', holder_name: 'A B' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'validation', status: 422, fields: { card_number: 'This card number is not valid' } });
  });

  test('an answer that is not an envelope is an internal error, never a crash', async () => {
    server.use(mswHttp.get('*/api/withdraw/finances', () => new HttpResponse('<html>', { status: 502 })));
    await expect(withdraw.finances()).rejects.toMatchObject({ code: 'internal', status: 502 });
  });

  test('deposit: start, then check the url it returned', async () => {
    const deposit = depositEndpoints(http);
    const started = await deposit.start({ ps_id: 1, amount: 100 });
    expect(started.redirect_url).toMatch(/^\/sandbox\/checkout\//);
    expect(await deposit.check(started.check_url)).toBe('completed');
  });

  test('history filters travel as query parameters', async () => {
    const page = await paymentsEndpoints(http).history({ type: 'deposit', page: '1' });
    expect(page.items.every((item) => item.type === 'deposit')).toBe(true);
    expect(page.total).toBe(3);
  });

  test('tournaments: current, join, leaderboard, purchase', async () => {
    const tournaments = tournamentsEndpoints(http);
    const { tournament } = await tournaments.current();
    const joined = await tournaments.join(tournament.id);
    expect('tournament' in joined && joined.tournament.joined).toBe(true);
    expect((await tournaments.leaderboard(tournament.id)).items).toHaveLength(5);
    const config = await tournaments.purchaseConfig(3);
    expect((await tournaments.startPurchase({ ps_id: config.items[0]!.id, product_id: config.product.id })).purchase_id).toBe(5);
  });
});
