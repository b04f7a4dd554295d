import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exposureLive, type RISK_WALLETS, type ExposureViewData } from '../../../../shared/backoffice/risk-views';
import { moneyFor } from '../backoffice/shell';
import { exposure, exposureHistory } from './exposure';
import { walletQuerySchema } from './forms';
import { riskOnly, riskSay } from './desk-page';

/** A wallet's exposure now and its history, as the exposure page and its live part show them. */
export async function exposureData(db: FastifyInstance['database']['db'], wallet: (typeof RISK_WALLETS)[number]): Promise<ExposureViewData> {
  const [now, history] = await Promise.all([exposure(db, wallet), exposureHistory(db, wallet)]);
  return { ...now, wallet, history };
}

/**
 * Server-sent events: the live part of the exposure page, sent again whenever it changed (checked
 * every second, so each tick and each placement shows within a second).
 */
export function exposureStreamRoute(app: FastifyInstance): void {
  const db = app.database.db;
  const streams = new Set<{ timer: NodeJS.Timeout; raw: ServerResponse }>();
  app.addHook('preClose', async () => {
    for (const stream of streams) {
      clearInterval(stream.timer);
      stream.raw.end();
    }
    streams.clear();
  });
  app.withTypeProvider<ZodTypeProvider>().get('/backoffice/risk/exposure/stream', { ...riskOnly, schema: { querystring: walletQuerySchema } }, async (request, reply) => {
    const { wallet } = request.query;
    const say = riskSay(request);
    const money = moneyFor(request);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
    let last = '';
    let busy = false;
    const push = async () => {
      if (busy) return;
      busy = true;
      try {
        const fragment = exposureLive(say, money, await exposureData(db, wallet), request.locale).text;
        if (fragment !== last) {
          last = fragment;
          raw.write(`event: exposure\ndata: ${JSON.stringify({ html: fragment })}\n\n`);
        }
      } catch (error) {
        request.log.warn({ err: error }, 'exposure stream');
      } finally {
        busy = false;
      }
    };
    const stream = { timer: setInterval(() => void push(), 1000), raw };
    streams.add(stream);
    request.raw.on('close', () => {
      clearInterval(stream.timer);
      streams.delete(stream);
    });
    await push();
  });
}
