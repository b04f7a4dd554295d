import type { FastifyInstance } from 'fastify';
import { exclusionRequestSchema, limitsUpdateSchema, statementQuerySchema, stopTodayRequestSchema } from '../../../../src/api/contract/limits';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { signedInUser } from '../../http/signed-in-user';
import * as limits from './service';
import { buildStatement, statementCsv, statementPdf } from './statement';
import { kycStatus, submitDocument } from './kyc';
import { acceptMultipart, readMessageBody } from '../support/attachments';
import { kycUploadFieldsSchema } from '../../../../src/api/contract/limits';

/** Responsible trading: the trader's limits, self-exclusion, the reality check's figures and statements. */
export async function limitsRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const guard = { preHandler: app.requireTrader };

  app.get('/api/limits', guard, async (request) => ok(await limits.readLimits(db, signedInUser(request).id, new Date())));

  app.post('/api/limits', guard, async (request) => {
    const body = parseInput(limitsUpdateSchema, request.body);
    return ok(await limits.updateLimits(db, signedInUser(request).id, body, new Date()));
  });

  app.post('/api/limits/exclusion', guard, async (request) => {
    const body = parseInput(exclusionRequestSchema, request.body);
    return ok(await limits.startExclusion(db, signedInUser(request).id, body, new Date()));
  });

  // The reality check's "stop for today": a time-out until the end of the UTC day.
  app.post('/api/limits/stop-today', guard, async (request) => {
    parseInput(stopTodayRequestSchema, request.body ?? {});
    return ok(await limits.startExclusion(db, signedInUser(request).id, { kind: 'rest_of_day' }, new Date()));
  });

  app.get('/api/limits/session', guard, async (request) => {
    const started = request.sessionHash
      ? await db.selectFrom('sessions').select('created_at').where('id_hash', '=', request.sessionHash).executeTakeFirst()
      : undefined;
    if (!started) throw new ApiError('unauthenticated');
    return ok(await limits.sessionSummary(db, signedInUser(request).id, started.created_at));
  });

  await acceptMultipart(app);
  const threshold = app.config.kycWithdrawThresholdCents;
  app.get('/api/kyc', guard, async (request) => ok(await kycStatus(db, signedInUser(request).id, threshold)));

  // One document per request: `kind` and `file0`, under the support attachments' rules and quota.
  app.post('/api/kyc', guard, async (request) => {
    const body = await readMessageBody(request);
    const { kind } = parseInput(kycUploadFieldsSchema, body.fields);
    const uploadQuota = { dailyBytes: app.config.limits.uploadDailyBytes, totalBytes: app.config.limits.uploadTotalBytes };
    await submitDocument({ db, dataDir: app.config.dataDir, uploadQuota }, signedInUser(request).id, kind, body.files);
    return ok(await kycStatus(db, signedInUser(request).id, threshold));
  });

  app.get('/api/statement', guard, async (request, reply) => {
    const query = parseInput(statementQuerySchema, request.query);
    const user = signedInUser(request);
    // The stored zone is the trader's choice; without one, the device's zone the app sent.
    const timeZone = user.time_zone ?? query.time_zone ?? 'UTC';
    const statement = await buildStatement(db, user.id, query, request.locale, timeZone);
    const name = `statement-${query.kind}-${query.from}-${query.to}.${query.format}`;
    void reply
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff');
    if (query.format === 'pdf') return reply.type('application/pdf').send(await statementPdf(statement, request.locale));
    // A byte-order mark, so that a spreadsheet reads the Russian text as UTF-8.
    return reply.type('text/csv; charset=utf-8').send(`\ufeff${statementCsv(statement)}`);
  });
}
