import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '../../../../src/api/contract/envelope';
import {
  exclusionRequestSchema,
  kycStatusSchema,
  limitsPayloadSchema,
  limitsUpdateSchema,
  statementQuerySchema,
  stopTodayRequestSchema,
} from '../../../../src/api/contract/limits';
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
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The guard runs before the schemas: a caller who may not trade hears that, not what was wrong with the input.
  const guard = { preValidation: app.requireTrader };
  const limitsAnswer = { 200: okEnvelope(limitsPayloadSchema) };

  api.get('/api/limits', { ...guard, schema: { response: limitsAnswer } }, async (request) => ok(await limits.readLimits(db, signedInUser(request).id, new Date())));

  api.post('/api/limits', { ...guard, schema: { body: limitsUpdateSchema, response: limitsAnswer } }, async (request) => {
    return ok(await limits.updateLimits(db, signedInUser(request).id, request.body, new Date()));
  });

  api.post('/api/limits/exclusion', { ...guard, schema: { body: exclusionRequestSchema, response: limitsAnswer } }, async (request) => {
    return ok(await limits.startExclusion(db, signedInUser(request).id, request.body, new Date()));
  });

  // The reality check's "stop for today": a time-out until the end of the UTC day.
  // The body may be left out.
  api.post('/api/limits/stop-today', { ...guard, schema: { body: stopTodayRequestSchema.optional(), response: limitsAnswer } }, async (request) => {
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
  api.get('/api/kyc', { ...guard, schema: { response: { 200: okEnvelope(kycStatusSchema) } } }, async (request) => ok(await kycStatus(db, signedInUser(request).id, threshold)));

  // One document per request: `kind` and `file0`, under the support attachments' rules and quota.
  app.post('/api/kyc', guard, async (request) => {
    const body = await readMessageBody(request);
    const { kind } = parseInput(kycUploadFieldsSchema, body.fields);
    const uploadQuota = { dailyBytes: app.config.limits.uploadDailyBytes, totalBytes: app.config.limits.uploadTotalBytes };
    await submitDocument({ db, dataDir: app.config.dataDir, uploadQuota }, signedInUser(request).id, kind, body.files);
    return ok(await kycStatus(db, signedInUser(request).id, threshold));
  });

  api.get('/api/statement', { ...guard, schema: { querystring: statementQuerySchema } }, async (request, reply) => {
    const { query } = request;
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
