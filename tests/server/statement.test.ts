import { inflateSync } from 'node:zlib';
import Papa from 'papaparse';
import { describe, expect, test } from 'vitest';
import { useTestServer as testServer } from './harness';
import { createTrader, type Trader } from './money-fixtures';
import { TRADING_KEEP } from './trading-support';
import { moveMoney, type Movement } from '../../server/src/modules/wallet/ledger';
import type { LedgerKind } from '../../server/src/db/schema';

/** Statements (issue 18): a month of activity, its rows the ledger's, balances that add up, no formula. */
const server = testServer({ keep: TRADING_KEEP });
const db = () => server.database.db;

async function move(trader: Trader, at: string, kind: LedgerKind, cents: number, refType = 'test', refId: string | number = at) {
  const m: Movement = { userId: trader.id, walletType: 'main', kind, amountCents: cents, refType, refId };
  await db().transaction().execute(async (trx) => {
    await moveMoney(trx, m);
    await trx.updateTable('ledger_entries').set({ created_at: new Date(at) }).where('ref_type', '=', refType).where('ref_id', '=', String(refId)).where('kind', '=', kind).execute();
  });
}

const statement = (trader: Trader, query: Record<string, string>) =>
  server.app.inject({ method: 'GET', url: `/api/statement?${new URLSearchParams(query).toString()}`, headers: trader.headers });

/** The text a PDF shows: its streams inflated, each TJ/Tj hex string mapped through the fonts' ToUnicode maps. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((m) => {
    const bytes = Buffer.from(m[1]!, 'latin1');
    try {
      return inflateSync(bytes).toString('latin1');
    } catch {
      return m[1]!;
    }
  });
  const codes = new Map<string, string>();
  for (const cmap of streams.filter((s) => s.includes('beginbfrange'))) {
    for (const range of cmap.matchAll(/<([0-9a-f]{4})> <([0-9a-f]{4})> \[([^\]]*)\]/gi)) {
      const start = parseInt(range[1]!, 16);
      [...range[3]!.matchAll(/<([0-9a-f ]+)>/gi)].forEach((u, i) => {
        codes.set((start + i).toString(16).padStart(4, '0'), String.fromCharCode(...u[1]!.split(' ').map((h) => parseInt(h, 16))));
      });
    }
  }
  return streams
    .flatMap((s) => [...s.matchAll(/\[([^\]]*)\]\s*TJ/g)])
    .map((tj) => [...tj[1]!.matchAll(/<([0-9a-f]+)>/gi)].map((h) => h[1]!.match(/.{4}/g)!.map((c) => codes.get(c.toLowerCase()) ?? '?').join('')).join(''))
    .join('\n');
}

describe('GET /api/statement', () => {
  test('a month of activity: rows match the ledger, balances reconcile, a formula cannot run, the PDF carries the totals', async () => {
    const trader = await createTrader(server);
    await move(trader, '2026-09-20T10:00:00Z', 'deposit', 100_00); // before: the opening balance
    await move(trader, '2026-10-01T00:00:00Z', 'deposit', 50_00);
    await move(trader, '2026-10-05T12:00:00Z', 'stake', -10_00, 'bet', 1);
    await move(trader, '2026-10-05T12:01:00Z', 'payout', 18_00, 'bet', 1);
    await move(trader, '2026-10-15T08:00:00Z', 'withdrawal_hold', -20_00, 'withdrawal', 7);
    await move(trader, '2026-10-20T09:00:00Z', 'deposit', 5_00, '=cmd|\' /C calc\'!A0', 9);
    await move(trader, '2026-10-31T23:59:59Z', 'stake', -3_00, 'bet', 2);
    await move(trader, '2026-11-01T00:00:00Z', 'deposit', 7_00); // after
    await db()
      .insertInto('bets')
      .values([
        { user_id: trader.id, wallet_type: 'main', pair_id: 'eurusd', direction: 'up', amount_cents: 10_00, payout_percent: 80, open_tick_id: 1, open_tick_t: Date.parse('2026-10-05T12:00:00Z'), open_rate: 1.1, opened_at: new Date('2026-10-05T12:00:00Z'), expires_at: new Date('2026-10-05T12:01:00Z'), status: 'won', returned_cents: 18_00, closed_at: new Date('2026-10-05T12:01:00Z'), close_tick_id: 2, close_tick_t: Date.parse('2026-10-05T12:01:00Z'), close_rate: 1.2 },
        { user_id: trader.id, wallet_type: 'main', pair_id: 'eurusd', direction: 'down', amount_cents: 3_00, payout_percent: 80, open_tick_id: 3, open_tick_t: Date.parse('2026-10-31T23:59:59Z'), open_rate: 1.1, opened_at: new Date('2026-10-31T23:59:59Z'), expires_at: new Date('2026-11-01T00:00:29Z') },
      ])
      .execute();

    const res = await statement(trader, { kind: 'finance', format: 'csv', from: '2026-10-01', to: '2026-10-31' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="statement-finance-2026-10-01-2026-10-31.csv"');
    expect(res.body.startsWith('\ufeff')).toBe(true);
    expect(res.body).toContain('\r\n');
    const table = Papa.parse<string[]>(res.body.slice(1), { skipEmptyLines: 'greedy' }).data;
    const [header, ...rest] = table;
    expect(header).toEqual(['Time (UTC)', 'Operation', 'Reference', 'Amount', 'Balance']);
    const rows = rest.slice(0, 6);
    const ledger = await db().selectFrom('ledger_entries').select(['amount_cents', 'created_at']).where('user_id', '=', trader.id).where('wallet_type', '=', 'main')
      .where('created_at', '>=', new Date('2026-10-01T00:00:00Z')).where('created_at', '<', new Date('2026-11-01T00:00:00Z')).orderBy('created_at').execute();
    expect(rows.map((r) => Math.round(Number(r[3]) * 100))).toEqual(ledger.map((l) => l.amount_cents));
    expect(rows.map((r) => r[0])).toEqual(ledger.map((l) => l.created_at.toISOString().slice(0, 19).replace('T', ' ')));
    // Each balance is the one before plus the row; the last is the closing balance.
    let balance = 100_00;
    for (const row of rows) {
      balance += Math.round(Number(row[3]) * 100);
      expect(Math.round(Number(row[4]) * 100)).toBe(balance);
    }
    const totals = Object.fromEntries(rest.slice(6).map((r) => [r[0], Number(r[1])]));
    expect(totals).toEqual({ 'Opening balance': 100, Credits: 73, Debits: -33, 'Closing balance': 140 });
    expect(balance).toBe(140_00);
    // The formula arrives as text: quoted and prefixed, so no spreadsheet runs it.
    expect(rows[4]![2]).toBe("'=cmd|' /C calc'!A0 9");
    expect(res.body).toContain(`"'=cmd|' /C calc'!A0 9"`);
    expect(rows[1]![1]).toBe('Stake');

    const bets = await statement(trader, { kind: 'bets', format: 'csv', from: '2026-10-01', to: '2026-10-31' });
    const betRows = Papa.parse<string[]>(bets.body.slice(1), { skipEmptyLines: 'greedy' }).data;
    expect(betRows[0]).toEqual(['Bet', 'Opened (UTC)', 'Closed (UTC)', 'Pair', 'Direction', 'Stake', 'Status', 'Returned', 'Result']);
    expect(betRows.slice(1, 3).map((r) => [r[3], r[4], r[5], r[6], r[7], r[8]])).toEqual([
      ['EUR/USD', 'Up', '10', 'Won', '18', '8'],
      ['EUR/USD', 'Down', '3', 'Open', '', ''],
    ]);
    expect(Object.fromEntries(betRows.slice(3).map((r) => [r[0], Number(r[1])]))).toEqual({ 'Opening balance': 100, Staked: 13, Returned: 18, 'Closing balance': 140 });

    const pdf = await statement(trader, { kind: 'finance', format: 'pdf', from: '2026-10-01', to: '2026-10-31' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.subarray(-6).toString()).toContain('%%EOF');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Finance statement, main wallet');
    expect(text).toContain('Opening balance');
    expect(text).toContain('$100.00');
    expect(text).toContain('Closing balance');
    expect(text).toContain('$140.00');
    expect(text).toContain('−$33.00');
  });

  test('a Russian statement and a bad range', async () => {
    const trader = await createTrader(server, { locale: 'ru', mainCents: 10_00 });
    const ru = await server.app.inject({ method: 'GET', url: '/api/statement?kind=bets&format=pdf&from=2026-01-01&to=2026-01-31', headers: { ...trader.headers, 'accept-language': 'ru' } });
    expect(ru.statusCode).toBe(200);
    expect(pdfText(ru.rawPayload)).toContain('Выписка по ставкам');
    for (const query of ['kind=bets&format=csv&from=2026-02-01&to=2026-01-01', 'kind=bets&format=csv&from=2024-01-01&to=2026-01-01', 'kind=bets&format=xls&from=2026-01-01&to=2026-01-02', 'kind=bets&format=csv&from=2026-13-01&to=2026-13-02']) {
      const res = await server.app.inject({ method: 'GET', url: `/api/statement?${query}`, headers: trader.headers });
      expect(res.statusCode, query).toBe(422);
    }
  });
});

describe("a statement in the trader's time zone", () => {
  /** A won main-wallet bet on EUR/USD, opened and closed at the given instants. */
  async function betAt(trader: Trader, openedAt: string, closedAt: string) {
    const opened = new Date(openedAt);
    const closed = new Date(closedAt);
    await db()
      .insertInto('bets')
      .values({ user_id: trader.id, wallet_type: 'main', pair_id: 'eurusd', direction: 'up', amount_cents: 10_00, payout_percent: 80, open_tick_id: 1, open_tick_t: opened.getTime(), open_rate: 1.1, opened_at: opened, expires_at: closed, status: 'won', returned_cents: 18_00, closed_at: closed, close_tick_id: 2, close_tick_t: closed.getTime(), close_rate: 1.2 })
      .execute();
  }
  const csvRows = (body: string) => Papa.parse<string[]>(body.slice(1), { skipEmptyLines: 'greedy' }).data;
  const zone = 'Europe/Moscow, UTC+03:00';

  test('a bet at 23:30 UTC is on the next day for a trader in Moscow (stored zone), its times in Moscow time', async () => {
    const trader = await createTrader(server);
    await db().updateTable('users').set({ time_zone: 'Europe/Moscow' }).where('id', '=', trader.id).execute();
    await betAt(trader, '2026-10-05T23:30:00Z', '2026-10-05T23:31:00Z');

    const next = csvRows((await statement(trader, { kind: 'bets', format: 'csv', from: '2026-10-06', to: '2026-10-06' })).body);
    expect(next[0]).toEqual(['Bet', `Opened (${zone})`, `Closed (${zone})`, 'Pair', 'Direction', 'Stake', 'Status', 'Returned', 'Result']);
    expect(next[1]!.slice(1, 3)).toEqual(['2026-10-06 02:30:00', '2026-10-06 02:31:00']);
    // In UTC it was still the 5th; in Moscow the 5th has no bet.
    const before = csvRows((await statement(trader, { kind: 'bets', format: 'csv', from: '2026-10-05', to: '2026-10-05' })).body);
    expect(before[1]![0]).toBe('Opening balance');
    // The stored zone is the trader's choice: a device zone sent with the link does not override it.
    const sent = csvRows((await statement(trader, { kind: 'bets', format: 'csv', from: '2026-10-06', to: '2026-10-06', time_zone: 'America/Sao_Paulo' })).body);
    expect(sent[1]!.slice(1, 3)).toEqual(['2026-10-06 02:30:00', '2026-10-06 02:31:00']);

    const pdf = pdfText((await statement(trader, { kind: 'bets', format: 'pdf', from: '2026-10-06', to: '2026-10-06' })).rawPayload);
    expect(pdf).toContain(`From 2026-10-06 to 2026-10-06 (${zone})`);
    expect(pdf).toContain('2026-10-06 02:30:00');
  });

  test("without a stored zone the device's zone sent with the request counts, else UTC", async () => {
    const trader = await createTrader(server);
    await move(trader, '2026-10-05T23:30:00Z', 'deposit', 40_00);
    const finance = (query: Record<string, string>) => statement(trader, { kind: 'finance', format: 'csv', from: '2026-10-06', to: '2026-10-06', ...query });

    const moscow = csvRows((await finance({ time_zone: 'Europe/Moscow' })).body);
    expect(moscow[0]![0]).toBe(`Time (${zone})`);
    expect(moscow[1]!.slice(0, 2)).toEqual(['2026-10-06 02:30:00', 'Deposit']);
    expect(Object.fromEntries(moscow.slice(2).map((r) => [r[0], Number(r[1])]))).toMatchObject({ 'Opening balance': 0, 'Closing balance': 40 });

    const utc = csvRows((await finance({})).body);
    expect(utc[0]![0]).toBe('Time (UTC)');
    expect(utc[1]![0]).toBe('Opening balance');
  });

  test('an unknown zone is a translated 422 and no statement is written', async () => {
    const trader = await createTrader(server, { locale: 'ru' });
    for (const time_zone of ['Mars/Olympus', '+03:00', 'Europe/Moscow; drop table users']) {
      const query = new URLSearchParams({ kind: 'bets', format: 'csv', from: '2026-10-01', to: '2026-10-31', time_zone });
      const res = await server.app.inject({ method: 'GET', url: `/api/statement?${query.toString()}`, headers: { ...trader.headers, 'accept-language': 'ru' } });
      expect(res.statusCode, time_zone).toBe(422);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json().payload.fields).toEqual({ time_zone: 'Выберите часовой пояс из списка' });
    }
  });
});
