/**
 * The soak run (issue 13, item 5): 1000 WebSocket clients and 300 bets a second for 10 minutes
 * against one server. It passes when the server's memory and event-loop lag stay flat, nothing
 * fails (no refused placement, no socket error or drop, no tick missing on a socket) and every
 * accepted bet is settled at the end.
 *
 * The real server listens on port 0 on loopback, on PGlite on disk, with the real price feed and
 * the real settler (startSettlement, as the server runs it). A separate load process opens the
 * sockets (each subscribed to one of the ten pairs, as a trading room is) and places 30-second
 * demo bets on schedule (open loop) over HTTP, spread over enough traders that none comes near
 * the limit of open bets. Every SOAK_WINDOW seconds the server's heap, RSS and event-loop delay
 * are sampled (the heap after a full collection) and the load process reports its window.
 *
 * Run: npx tsx bench/soak.ts   (SOAK_MINUTES, SOAK_CLIENTS, SOAK_RATE and SOAK_WINDOW shorten it)
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import WebSocket from 'ws';
import { forkChild, isChild, nextMessage, placeBet, report, run, signUpTraders, sleep, startBenchServer, summarize } from './support';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 1000);
const RATE = Number(process.env.SOAK_RATE ?? 300);
const WINDOW_SECONDS = Number(process.env.SOAK_WINDOW ?? 30);
const BET_SECONDS = 30;
/** Open bets per trader stay near 12 of the limit of 20, so a refusal means a fault, not the limit. */
const OPEN_BETS_PER_TRADER = 12;
const TRADERS = Math.ceil((RATE * BET_SECONDS) / OPEN_BETS_PER_TRADER);
const REQUEST_TIMEOUT_MS = 5000;
const CONNECT_BATCH = 50;
/** Flat: the last third of the run against the first third (after the first minute's warm-up). */
const HEAP_GROWTH_BUDGET = 0.15;
const LAG_P99_BUDGET_MS = 100;

setFlagsFromString('--expose-gc');
/** A full collection, for measuring the heap the server keeps. */
const collectGarbage = runInNewContext('gc') as () => void;

type ParentMessage = { type: 'start'; baseUrl: string; cookies: string[]; pairs: string[] };

interface LoadWindow {
  type: 'window';
  sent: number;
  accepted: number;
  latencies: number[];
  refused: Record<string, number>;
  ticks: number;
  socketErrors: number;
  socketsOpen: number;
  last: boolean;
}

interface Connected {
  type: 'connected';
  sockets: number;
  seconds: number;
}

const isWindow = (message: unknown): message is LoadWindow => (message as LoadWindow | null)?.type === 'window';

/** The load process: the socket crowd and the bets, reported window by window. */
function child() {
  process.on('message', (message: ParentMessage) => {
    void (async () => {
      const { baseUrl, cookies, pairs } = message;
      const rates: Record<string, number> = {};
      const sockets: WebSocket[] = [];
      let window = emptyWindow();

      const open = (pair: string) =>
        new Promise<void>((resolve, reject) => {
          const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`);
          socket.on('open', () => {
            socket.send(JSON.stringify({ type: 'subscribe', pairs: [pair] }));
            sockets.push(socket);
            resolve();
          });
          socket.on('message', (data) => {
            const parsed = JSON.parse(data.toString()) as { type: string; pair_id?: string; id?: number };
            if (parsed.type !== 'tick') return;
            window.ticks += 1;
            rates[parsed.pair_id!] = parsed.id!;
          });
          socket.on('error', (error) => {
            window.socketErrors += 1;
            reject(error);
          });
        });

      const started = performance.now();
      for (let i = 0; i < CLIENTS; i += CONNECT_BATCH) {
        await Promise.all(Array.from({ length: Math.min(CONNECT_BATCH, CLIENTS - i) }, (_, j) => open(pairs[(i + j) % pairs.length]!)));
      }
      process.send!({ type: 'connected', sockets: sockets.length, seconds: (performance.now() - started) / 1000 } satisfies Connected);
      while (pairs.some((pair) => rates[pair] === undefined)) await sleep(100);

      // Ticks count from here, as the server's count of published ticks does.
      window = emptyWindow();
      // Open loop: each bet leaves on schedule whether or not earlier ones were answered.
      const inFlight = new Set<Promise<void>>();
      const begin = performance.now();
      const end = begin + MINUTES * 60_000;
      let sent = 0;
      let nextWindow = begin + WINDOW_SECONDS * 1000;
      const flush = (last: boolean) => {
        const socketsOpen = sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length;
        process.send!({ ...window, socketsOpen, last } satisfies LoadWindow);
        window = emptyWindow();
      };
      while (performance.now() < end) {
        const due = Math.floor(((performance.now() - begin) / 1000) * RATE);
        while (sent < due) {
          const pair = pairs[sent % pairs.length]!;
          const bet = { pair, rateId: rates[pair]!, direction: sent % 2 ? 'up' : 'down', interval: BET_SECONDS } as const;
          const placing = placeBet(baseUrl, cookies[sent % cookies.length]!, bet, REQUEST_TIMEOUT_MS).then((answer) => {
            if (answer.accepted) {
              window.accepted += 1;
              window.latencies.push(answer.ms);
            } else {
              window.refused[answer.reason] = (window.refused[answer.reason] ?? 0) + 1;
            }
          });
          window.sent += 1;
          sent += 1;
          inFlight.add(placing);
          void placing.finally(() => inFlight.delete(placing));
        }
        if (performance.now() >= nextWindow) {
          flush(false);
          nextWindow += WINDOW_SECONDS * 1000;
        }
        await sleep(2);
      }
      await Promise.all(inFlight);
      flush(true);
      for (const socket of sockets) socket.close();
    })();
  });
  process.send!({ type: 'ready' });
}

function emptyWindow(): Omit<LoadWindow, 'socketsOpen' | 'last'> {
  return { type: 'window', sent: 0, accepted: 0, latencies: [], refused: {}, ticks: 0, socketErrors: 0 };
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

async function main() {
  const { createPriceSource, startFeed } = await import('../server/src/feed/feed');
  const { startSettlement } = await import('../server/src/jobs/settlement');
  const server = await startBenchServer({ listen: true });
  const { app } = server;
  const { db } = app.database;
  const load = forkChild(import.meta.url);
  const feed = startFeed({ db, bus: app.bus, source: await createPriceSource(db, 20261123, undefined), log: app.log });
  const settler = startSettlement(db, { bus: app.bus, log: app.log });
  try {
    await nextMessage(load, (m): m is { type: 'ready' } => (m as { type?: string } | null)?.type === 'ready');
    const ticksByPair: Record<string, number> = {};
    app.bus.onPair((pairId, message) => {
      if (message.type === 'tick') ticksByPair[pairId] = (ticksByPair[pairId] ?? 0) + 1;
    });
    const traders = await signUpTraders(app, TRADERS);
    while (Object.keys(ticksByPair).length < 10) await sleep(100);
    const pairs = Object.keys(ticksByPair).sort();
    load.send({ type: 'start', baseUrl: server.baseUrl!, cookies: traders.map((t) => t.cookie), pairs } satisfies ParentMessage);
    const connected = await nextMessage(load, (m): m is Connected => (m as Connected | null)?.type === 'connected');
    const ticksBefore = { ...ticksByPair };

    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const samples: Array<{ minute: number; heapMb: number; rssMb: number; lagP99Ms: number; lagMaxMs: number; load: LoadWindow }> = [];
    const began = performance.now();
    for (;;) {
      const window = await nextMessage(load, isWindow);
      const lagP99Ms = Math.round(lag.percentile(99) / 1e5) / 10;
      const lagMaxMs = Math.round(lag.max / 1e5) / 10;
      // The heap the server keeps, not the garbage it has yet to collect (heapUsed swings between
      // about 90 and 330 MB with the collector's cycle); the collection's pause is left out of the lag.
      collectGarbage();
      const memory = process.memoryUsage();
      samples.push({
        minute: Math.round(((performance.now() - began) / 60_000) * 10) / 10,
        heapMb: mb(memory.heapUsed),
        rssMb: mb(memory.rss),
        lagP99Ms,
        lagMaxMs,
        load: window,
      });
      lag.reset();
      if (window.last) break;
    }
    // Socket i listens to pairs[i % 10]: every tick of a pair is owed to each of its sockets.
    const ticksOwed = pairs.reduce((sum, pair, index) => {
      const sockets = Math.floor((connected.sockets - 1 - index) / pairs.length) + 1;
      return sum + (ticksByPair[pair]! - (ticksBefore[pair] ?? 0)) * Math.max(0, sockets);
    }, 0);
    lag.disable();

    // Every bet placed has ended by now plus the settler's grace: none may be left open.
    await sleep((BET_SECONDS + 5) * 1000);
    const bets = await db
      .selectFrom('bets')
      .select((eb) => [eb.fn.countAll<number>().as('all'), eb.fn.count<number>('id').filterWhere('status', '=', 'open').as('open')])
      .executeTakeFirstOrThrow();

    const steady = samples.filter((sample) => sample.minute > 1 && !sample.load.last);
    const third = Math.max(1, Math.floor(steady.length / 3));
    const heapFirst = mean(steady.slice(0, third).map((s) => s.heapMb));
    const heapLast = mean(steady.slice(-third).map((s) => s.heapMb));
    const heapGrowth = heapFirst > 0 ? (heapLast - heapFirst) / heapFirst : 0;
    const lagFirst = Math.max(...steady.slice(0, third).map((s) => s.lagP99Ms));
    const lagLast = Math.max(...steady.slice(-third).map((s) => s.lagP99Ms));
    const accepted = samples.reduce((sum, s) => sum + s.load.accepted, 0);
    const sent = samples.reduce((sum, s) => sum + s.load.sent, 0);
    const refused: Record<string, number> = {};
    for (const sample of samples) for (const [reason, count] of Object.entries(sample.load.refused)) refused[reason] = (refused[reason] ?? 0) + count;
    const socketErrors = samples.reduce((sum, s) => sum + s.load.socketErrors, 0);
    const socketsLost = connected.sockets - Math.min(...samples.map((s) => s.load.socketsOpen));
    const ticksReceived = samples.reduce((sum, s) => sum + s.load.ticks, 0);
    // The two counts start and stop a moment apart: up to two ticks a socket either way are that, not a loss.
    const ticksMissing = Math.max(0, ticksOwed - ticksReceived - 2 * connected.sockets);
    const latency = summarize(samples.flatMap((s) => s.load.latencies));
    const failures = Object.values(refused).reduce((a, b) => a + b, 0) + socketErrors + socketsLost + ticksMissing;

    report(
      'soak',
      {
        minutes: MINUTES,
        clients: connected.sockets,
        connectSeconds: Math.round(connected.seconds * 10) / 10,
        ratePerSecond: RATE,
        traders: TRADERS,
        sent,
        accepted,
        refused,
        placementMs: latency,
        ticksOwed,
        ticksReceived,
        socketErrors,
        socketsLost,
        betsStored: Number(bets.all),
        betsLeftOpen: Number(bets.open),
        windows: samples.map(({ load: window, ...sample }) => ({ ...sample, accepted: window.accepted, refused: Object.values(window.refused).reduce((a, b) => a + b, 0), ticks: window.ticks })),
      },
      [
        {
          what: `${connected.sockets} sockets and ${RATE} bets/s for ${MINUTES} min: nothing refused, no socket error, drop or lost tick`,
          budget: '0 failures',
          measured: `${failures} (${accepted} of ${sent} bets accepted, placement p99 ${latency.p99} ms; ${socketErrors} socket errors, ${socketsLost} sockets lost; ${ticksReceived} of ${ticksOwed} ticks delivered)`,
          ok: failures === 0 && accepted === sent,
        },
        {
          what: 'every accepted bet settled',
          budget: '0 left open',
          // A placement answered after the load's time-out is stored yet counted as refused: stored >= accepted.
          measured: `${Number(bets.open)} open of ${Number(bets.all)} stored (${accepted} accepted)`,
          ok: Number(bets.open) === 0 && Number(bets.all) >= accepted,
        },
        {
          what: 'server heap flat (last third of the run against the first, after a minute of warm-up)',
          budget: `<= ${HEAP_GROWTH_BUDGET * 100}% growth`,
          measured: `${Math.round(heapGrowth * 1000) / 10}% (${Math.round(heapFirst)} MB -> ${Math.round(heapLast)} MB; RSS ${samples[0]?.rssMb} -> ${samples.at(-1)?.rssMb} MB)`,
          ok: heapGrowth <= HEAP_GROWTH_BUDGET,
        },
        {
          what: 'event-loop delay flat, p99 per window',
          budget: `<= ${LAG_P99_BUDGET_MS} ms throughout`,
          measured: `first third ${lagFirst} ms, last third ${lagLast} ms, worst ${Math.max(...samples.map((s) => s.lagP99Ms))} ms`,
          ok: Math.max(lagFirst, lagLast) <= LAG_P99_BUDGET_MS,
        },
      ],
    );
  } finally {
    load.kill();
    await settler.stop();
    await feed.stop();
    await server.close();
  }
}

if (isChild()) child();
else run(main);
