import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import Papa from 'papaparse';
import { translate } from '../../i18n';
import { exposureView, resultsView, signalsView } from '../../../../shared/backoffice/risk-views';
import { fromCents } from '../../../../src/api/contract/money';
import { projectFile } from '../../project-files';
import { moneyFor } from '../backoffice/shell';
import { rangeSchema, readRange, walletQuerySchema } from './forms';
import { results } from './results';
import { riskSettings } from './settings';
import { signals } from './signals';
import { riskOnly, riskPage, riskPages, riskSay } from './desk-page';
import { exposureData, exposureStreamRoute } from './exposure-stream';
import { riskControlRoutes } from './control-routes';

const liveScript = readFileSync(projectFile('server/src/modules/risk/live.js'), 'utf8');

/** Cells a spreadsheet would run as a formula start with one of these (OWASP's CSV injection); plain numbers stay numbers. */
export function csvCell(value: string | number): string | number {
  if (typeof value === 'number') return value;
  return /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
}

/**
 * The risk desk (issue 19) inside the back office: exposure (live), results, abuse signals and
 * the controls with their audit log. Only accounts of the `risk` role see any of it; support
 * operators and traders get 403 on every page and action.
 */
export async function riskDeskRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const api = app.withTypeProvider<ZodTypeProvider>();

  app.get('/backoffice/risk/live.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(liveScript),
  );

  api.get('/backoffice/risk', { ...riskPages, schema: { querystring: walletQuerySchema } }, async (request, reply) =>
    riskPage(request, reply, {
      current: 'exposure',
      title: translate(request.locale, 'risk.exposure.title'),
      body: async () => exposureView(riskSay(request), moneyFor(request), await exposureData(db, request.query.wallet), request.locale),
    }),
  );

  exposureStreamRoute(app);

  api.get('/backoffice/risk/results', { ...riskPages, schema: { querystring: rangeSchema } }, async (request, reply) =>
    riskPage(request, reply, {
      current: 'results',
      title: translate(request.locale, 'risk.results.title'),
      body: async () => resultsView(riskSay(request), moneyFor(request), await results(db, readRange(request.query, request.locale), request.locale), request.locale),
    }),
  );

  api.get('/backoffice/risk/results.csv', { ...riskOnly, schema: { querystring: rangeSchema } }, async (request, reply) => {
    const range = readRange(request.query, request.locale);
    const data = await results(db, range, request.locale);
    const say = riskSay(request);
    const dollars = (cents: number) => fromCents(cents);
    const rows: (string | number)[][] = [
      [say('csv.section'), say('csv.key'), say('results.bets'), say('results.stakes'), say('results.returned'), say('results.house')],
      ...data.byDay.map((r) => ['day', r.key, r.bets, dollars(r.stakes_cents), dollars(r.returned_cents), dollars(r.house_cents)]),
      ...data.byPair.map((r) => ['pair', r.key, r.bets, dollars(r.stakes_cents), dollars(r.returned_cents), dollars(r.house_cents)]),
      ...data.byWallet.map((r) => ['wallet', r.key, r.bets, dollars(r.stakes_cents), dollars(r.returned_cents), dollars(r.house_cents)]),
      ...data.byTournament.map((r) => ['tournament', r.name, r.entries, dollars(r.fees_cents), dollars(r.prizes_cents), dollars(r.house_cents)]),
    ];
    const csv = Papa.unparse(rows.map((row) => row.map(csvCell)));
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="house-results-${range.from}-${range.to}.csv"`)
      .send(csv);
  });

  api.get('/backoffice/risk/signals', { ...riskPages, schema: { querystring: rangeSchema } }, async (request, reply) =>
    riskPage(request, reply, {
      current: 'signals',
      title: translate(request.locale, 'risk.signals.title'),
      body: async () => {
        const range = readRange(request.query, request.locale);
        const settings = await riskSettings(db);
        const found = await signals(db, range, settings);
        return signalsView(riskSay(request), moneyFor(request), { range, alpha: settings.false_alarm_rate, fastBetMs: settings.fast_bet_ms, ...found }, request.locale);
      },
    }),
  );

  await riskControlRoutes(app);
}
