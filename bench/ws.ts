/**
 * Tick delivery to 1000 WebSocket clients (docs/design.md 6: p99 delivery at most 100 ms).
 *
 * The real server listens on port 0 and runs the real price feed (ten pairs, one tick per pair
 * per second, stored, then published on the bus). A separate process opens BENCH_CLIENTS (default
 * 1000) sockets to /ws, each subscribed to EUR/USD as the web app does, and notes when each tick
 * arrives. The delay of one delivery is the time from the feed handing the tick to the bus to the
 * client's socket receiving it; both processes read the same clock (performance.timeOrigin + now).
 *
 * Run: npx tsx bench/ws.ts
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { forkChild, isChild, nextMessage, report, run, sleep, startBenchServer, summarize } from './support';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const TICKS = Number(process.env.BENCH_TICKS ?? 30);
const PAIR = 'eurusd';
const P99_BUDGET_MS = 100;
/** Sockets opened at once while connecting (a browser crowd arrives over time too). */
const CONNECT_BATCH = 50;

const now = () => performance.timeOrigin + performance.now();

type ParentMessage = { type: 'connect'; url: string } | { type: 'collect' };
interface Connected {
  type: 'connected';
  sockets: number;
  seconds: number;
}
interface Collected {
  type: 'collected';
  /** tick id -> receipt times (epoch ms, fractional), one per socket that got it. */
  receipts: Record<string, number[]>;
  errors: number;
}

/** The client crowd: opens the sockets, subscribes, records arrival times, parses later. */
function child() {
  const sockets: WebSocket[] = [];
  const arrivals: Array<[number, WebSocket.RawData]> = [];
  let errors = 0;

  const open = (url: string) =>
    new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.on('open', () => {
        socket.send(JSON.stringify({ type: 'subscribe', pairs: [PAIR] }));
        sockets.push(socket);
        resolve();
      });
      socket.on('message', (data) => arrivals.push([now(), data]));
      socket.on('error', (error) => {
        errors += 1;
        reject(error);
      });
    });

  process.on('message', (message: ParentMessage) => {
    if (message.type === 'connect') {
      void (async () => {
        const started = performance.now();
        for (let i = 0; i < CLIENTS; i += CONNECT_BATCH) {
          await Promise.all(Array.from({ length: Math.min(CONNECT_BATCH, CLIENTS - i) }, () => open(message.url)));
        }
        process.send!({
          type: 'connected',
          sockets: sockets.length,
          seconds: (performance.now() - started) / 1000,
        } satisfies Connected);
      })();
      return;
    }
    const receipts: Record<string, number[]> = {};
    for (const [at, data] of arrivals) {
      const parsed = JSON.parse(data.toString()) as { type: string; id?: number };
      if (parsed.type !== 'tick') continue;
      (receipts[String(parsed.id)] ??= []).push(at);
    }
    for (const socket of sockets) socket.close();
    process.send!({ type: 'collected', receipts, errors } satisfies Collected);
  });
}

async function main() {
  const { createPriceSource, startFeed } = await import('../server/src/feed/feed');
  const server = await startBenchServer({ listen: true });
  const { app } = server;
  const crowd = forkChild(import.meta.url);
  try {
    // The moment each EUR/USD tick is handed to the bus, noted before the hub sends it.
    const publishedAt = new Map<number, number>();
    const toPair = app.bus.toPair.bind(app.bus);
    app.bus.toPair = (pairId, message) => {
      if (pairId === PAIR && message.type === 'tick') publishedAt.set(message.id, now());
      toPair(pairId, message);
    };

    crowd.send({ type: 'connect', url: `${server.baseUrl!.replace('http', 'ws')}/ws` } satisfies ParentMessage);
    const connected = await nextMessage(crowd, (m): m is Connected => (m as Connected | null)?.type === 'connected');
    // Subscriptions are messages too: give the hub a moment to take them all.
    await sleep(500);

    const cpuBefore = process.cpuUsage();
    const feed = startFeed({
      db: app.database.db,
      bus: app.bus,
      source: await createPriceSource(app.database.db, 20261123, undefined),
      log: app.log,
    });
    while (publishedAt.size < TICKS) await sleep(100);
    await feed.stop();
    const cpu = process.cpuUsage(cpuBefore);
    await sleep(1000);

    crowd.send({ type: 'collect' } satisfies ParentMessage);
    const collected = await nextMessage(crowd, (m): m is Collected => (m as Collected | null)?.type === 'collected');
    const delays: number[] = [];
    let missing = 0;
    for (const [id, published] of publishedAt) {
      const times = collected.receipts[String(id)] ?? [];
      missing += connected.sockets - times.length;
      for (const at of times) delays.push(at - published);
    }
    const delay = summarize(delays);
    report(
      'ws',
      {
        clients: connected.sockets,
        connectSeconds: Math.round(connected.seconds * 10) / 10,
        ticks: publishedAt.size,
        deliveries: delays.length,
        missing,
        socketErrors: collected.errors,
        serverCpuMsPerTick: Math.round(((cpu.user + cpu.system) / 1000 / publishedAt.size) * 10) / 10,
        delayMs: delay,
      },
      [
        {
          what: `tick delivery to ${connected.sockets} sockets, p99`,
          budget: `<= ${P99_BUDGET_MS} ms`,
          measured: `${delay.p99} ms (p50 ${delay.p50} ms, max ${delay.max} ms, ${missing} missing of ${connected.sockets * publishedAt.size})`,
          ok: delay.p99 <= P99_BUDGET_MS && missing === 0,
        },
      ],
    );
  } finally {
    crowd.kill();
    await server.close();
  }
}

if (isChild()) child();
else run(main);
