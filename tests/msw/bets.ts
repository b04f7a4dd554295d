import { http } from 'msw';
import {
  IDEMPOTENCY_KEY_HEADER,
  betHistoryQuerySchema,
  betIdParamsSchema,
  betListQuerySchema,
  closeBetRequestSchema,
  idempotencyKeySchema,
  placeBetRequestSchema,
} from '../../src/api/contract/bets';
import type { Bet } from '../../src/api/contract/bets';
import { WALLET_TYPES } from '../../src/api/contract/envelope';
import { fail, ok, readBody } from './respond';
import { closedBets, historyBets, latestTickAt, makeBet, makeTicks, openBets, pairListFixture } from './trading-fixtures';
import { signedInUser } from './fixtures';

const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams.entries());

/** Answers already given per Idempotency-Key, so a retried click gets the same bet. */
const answered = new Map<string, { body: string; bet: Bet }>();
let nextId = 900;

/** What the stand-in server pays for a bet sold back: its stake and a fifth of its payout. */
const sellBackOf = (bet: Bet) => Math.round(bet.amount * (1 + bet.payout_percent / 500) * 100) / 100;

/** Bets: placement and early close with the contract's checks and idempotency, the lists, info and history. */
export const betsHandlers = [
  http.post('*/api/bet/user/place', async ({ request }) => {
    const key = idempotencyKeySchema.safeParse(request.headers.get(IDEMPOTENCY_KEY_HEADER));
    if (!key.success) return fail(request, 'validation', { fields: { idempotency_key: 'validation.invalid' } });
    const raw = await readBody(request);
    const body = placeBetRequestSchema.safeParse(raw);
    if (!body.success) return fail(request, 'validation');
    const fingerprint = JSON.stringify(body.data);
    const earlier = answered.get(key.data);
    if (earlier) return earlier.body === fingerprint ? ok({ bet: earlier.bet }) : fail(request, 'idempotency_conflict');
    const pair = pairListFixture.items.find((item) => item.id === body.data.pair_id);
    if (!pair || !pair.active) return fail(request, 'pair_inactive');
    const opened = latestTickAt();
    const expires = body.data.interval === undefined ? Date.parse(body.data.end_time ?? '') : opened + body.data.interval * 1000;
    const bet = makeBet({
      id: nextId++,
      wallet_type: body.data.wallet_type,
      pair_id: pair.id,
      symbol: pair.symbol,
      direction: body.data.direction,
      amount: body.data.amount,
      payout_percent: pair.payout,
      open_rate: pair.rate?.v ?? 1,
      open_rate_id: body.data.rate_id,
      opened_at: new Date(opened).toISOString(),
      expires_at: new Date(expires).toISOString(),
    });
    answered.set(key.data, { body: fingerprint, bet });
    const wallets = (signedInUser.wallets ?? []).map((wallet) =>
      wallet.wallet_type === bet.wallet_type
        ? { ...wallet, amount: Math.round((wallet.amount - bet.amount) * 100) / 100 }
        : wallet,
    );
    return ok({ bet }, { user: { ...signedInUser, wallets } });
  }),

  http.post('*/api/bet/user/close', async ({ request }) => {
    const key = idempotencyKeySchema.safeParse(request.headers.get(IDEMPOTENCY_KEY_HEADER));
    if (!key.success) return fail(request, 'validation', { fields: { idempotency_key: 'validation.invalid' } });
    const body = closeBetRequestSchema.safeParse(await readBody(request));
    if (!body.success) return fail(request, 'validation');
    const fingerprint = JSON.stringify(body.data);
    const earlier = answered.get(key.data);
    if (earlier) return earlier.body === fingerprint ? ok({ bet: earlier.bet }) : fail(request, 'idempotency_conflict');
    const bet = openBets.find((item) => item.id === body.data.bet_id);
    if (!bet) return fail(request, 'not_found');
    const amount = sellBackOf(bet);
    const sold: Bet = {
      ...bet,
      status: 'closed',
      close_rate: bet.open_rate,
      close_rate_id: body.data.quote_id,
      closed_at: new Date().toISOString(),
      profit: Math.round((amount - bet.amount) * 100) / 100,
    };
    answered.set(key.data, { body: fingerprint, bet: sold });
    return ok({ bet: sold });
  }),

  http.get('*/api/bet/user/list', ({ request }) => {
    const search = betListQuerySchema.safeParse(query(request));
    if (!search.success) return fail(request, 'validation');
    const mine = (bets: Bet[]) => bets.filter((bet) => bet.wallet_type === search.data.wallet_type);
    return ok({ opened: mine(openBets), closed: mine(closedBets) });
  }),

  http.get('*/api/bet/:id/info', ({ request, params }) => {
    const path = betIdParamsSchema.safeParse(params);
    if (!path.success) return fail(request, 'validation');
    const bet = [...openBets, ...closedBets, ...historyBets].find((item) => item.id === path.data.id);
    if (!bet) return fail(request, 'not_found');
    const [entry] = makeTicks(bet.pair_id, 1, Date.parse(bet.opened_at));
    const exit =
      bet.close_rate === undefined
        ? null
        : { id: bet.close_rate_id ?? 0, t: Date.parse(bet.expires_at), v: bet.close_rate };
    return ok({ bet, entry_tick: { ...entry!, v: bet.open_rate }, exit_tick: exit });
  }),

  http.get('*/api/bet/history', ({ request }) => {
    const search = betHistoryQuerySchema.safeParse(query(request));
    if (!search.success) return fail(request, 'validation');
    const { wallet_type, pair_id, status, page, per_page } = search.data;
    const all = [...closedBets, ...historyBets].filter(
      (bet) =>
        (!wallet_type || bet.wallet_type === wallet_type) &&
        (!pair_id || bet.pair_id === pair_id) &&
        (!status || bet.status === status),
    );
    const cents = (value: number) => Math.round(value * 100) / 100;
    const sums = (bets: typeof all) => {
      const settled = bets.filter((bet) => bet.status !== 'open');
      const staked = settled.reduce((sum, bet) => sum + bet.amount, 0);
      const profit = settled.reduce((sum, bet) => sum + (bet.profit ?? 0), 0);
      return { staked: cents(staked), returned: cents(staked + profit), profit: cents(profit) };
    };
    return ok({
      items: all.slice((page - 1) * per_page, page * per_page),
      page,
      per_page,
      total: all.length,
      totals: sums(all),
      by_wallet: WALLET_TYPES.flatMap((type) => {
        const bets = all.filter((bet) => bet.wallet_type === type);
        return bets.length > 0 ? [{ wallet_type: type, total: bets.length, ...sums(bets) }] : [];
      }),
    });
  }),
];
