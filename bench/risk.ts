/**
 * The risk desk's pages (issue 19) with 100,000 settled bets in the database: each page is asked
 * BENCH_RUNS times (default 20) by a signed-in risk operator and its answer time taken; the budget
 * is 200 ms for every page. The bets are spread over the last 30 days across 200 traders, three
 * wallet types and the seeded pairs, with 500 bets still open and six hours of ticks (what the
 * fast-bet signal reads).
 *
 *   npx tsx bench/risk.ts
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { report, run, signUpTraders, startBenchServer, summarize, type BudgetCheck } from './support';

const SETTLED = Number(process.env.BENCH_BETS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const BUDGET_MS = 200;

run(async () => {
  const server = await startBenchServer();
  const { app } = server;
  const db = app.database.db;
  try {
    const traders = await signUpTraders(app, 200);
    const [operator] = await signUpTraders(app, 1);
    await db.updateTable('users').set({ role: 'risk' }).where('id', '=', operator!.userId).execute();
    const userIds = traders.map((t) => t.userId);
    const pairs = (await db.selectFrom('pairs').select('id').execute()).map((p) => p.id);
    const now = Date.now();

    const seedStart = performance.now();
    // Six hours of ticks, one a second per pair (the fast-bet signal's evidence).
    await sql`
      insert into ticks (pair_id, t, v)
      select p, ${now}::bigint - s * 1000, 1 + 0.001 * sin(s / 60.0)
      from unnest(${pairs}::text[]) as p, generate_series(0, 6 * 3600) as s`.execute(db);
    // Settled bets over the last 30 days, in batches of 10,000.
    for (let done = 0; done < SETTLED; done += 10_000) {
      const n = Math.min(10_000, SETTLED - done);
      await sql`
        insert into bets (user_id, wallet_type, pair_id, direction, amount_cents, payout_percent, open_tick_id, open_tick_t, open_rate,
          opened_at, expires_at, status, close_tick_id, close_tick_t, close_rate, closed_at, returned_cents)
        select u, w, p, d, a, 80, 1, o, 1.1, to_timestamp(o / 1000.0), to_timestamp((o + 60000) / 1000.0), st, 2, o + 60000,
          case when st = 'won' then 1.2 else 1.0 end, to_timestamp((o + 60000) / 1000.0),
          case when st = 'won' then (a * 180) / 100 else 0 end
        from (
          select
            (${userIds}::bigint[])[1 + (i * 7919) % ${userIds.length}] as u,
            case when i % 20 < 14 then 'main' when i % 20 < 19 then 'demo' else 'tournament' end as w,
            (${pairs}::text[])[1 + i % ${pairs.length}] as p,
            case when i % 2 = 0 then 'up' else 'down' end as d,
            100 * (1 + i % 50) as a,
            ${now}::bigint - 120000 - ((i::bigint * 104729) % (30 * 86400000::bigint)) as o,
            case when (i * 31) % 100 < 45 then 'won' else 'lost' end as st
          from generate_series(${done + 1}::int, ${done + n}::int) as i
        ) g`.execute(db);
    }
    await sql`
      insert into bets (user_id, wallet_type, pair_id, direction, amount_cents, payout_percent, open_tick_id, open_tick_t, open_rate, opened_at, expires_at)
      select (${userIds}::bigint[])[1 + i % ${userIds.length}], 'main', (${pairs}::text[])[1 + i % ${pairs.length}], case when i % 2 = 0 then 'up' else 'down' end,
        1000, 80, 1, ${now}, 1.1, now(), now() + (i % 3600) * interval '1 second' + interval '30 seconds'
      from generate_series(1, 500) as i`.execute(db);
    await sql`analyze`.execute(db);
    const seedMs = performance.now() - seedStart;

    const account = (await db.selectFrom('users').select('account_id').where('id', '=', userIds[0]!).executeTakeFirstOrThrow()).account_id;
    const today = new Date(now).toISOString().slice(0, 10);
    const monthAgo = new Date(now - 29 * 86_400_000).toISOString().slice(0, 10);
    const pages = [
      '/backoffice/risk',
      '/backoffice/risk?wallet=demo',
      '/backoffice/risk/results',
      `/backoffice/risk/results?from=${monthAgo}&to=${today}`,
      `/backoffice/risk/results.csv?from=${monthAgo}&to=${today}`,
      '/backoffice/risk/signals',
      `/backoffice/risk/signals?from=${monthAgo}&to=${today}`,
      '/backoffice/risk/controls',
      `/backoffice/risk/traders/${account}`,
    ];
    const figures: Record<string, ReturnType<typeof summarize>> = {};
    /** The first answer of each page: the results and signals pages roll the range's past days up then (once). */
    const first: Record<string, number> = {};
    const checks: BudgetCheck[] = [];
    for (const url of pages) {
      const times: number[] = [];
      for (let i = 0; i < RUNS + 2; i++) {
        const start = performance.now();
        const response = await app.inject({ method: 'GET', url, headers: { cookie: operator!.cookie, 'accept-language': 'en' } });
        const elapsed = performance.now() - start;
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        if (i === 0) first[url] = Math.round(elapsed);
        if (i >= 2) times.push(elapsed); // the first two warm the caches (and roll days up)
      }
      figures[url] = summarize(times);
      checks.push({ what: `GET ${url} p95`, budget: `${BUDGET_MS} ms`, measured: `${figures[url].p95} ms`, ok: figures[url].p95 <= BUDGET_MS });
    }
    report('risk', { settledBets: SETTLED, openBets: 500, traders: traders.length, seedMs: Math.round(seedMs), runs: RUNS, first, pages: figures }, checks);
  } finally {
    await server.close();
  }
});
