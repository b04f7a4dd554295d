import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '../../http/errors';
import { signedInUser } from '../../http/signed-in-user';
import { kycView, notifyForm, tournamentLabels, tournamentsView, withdrawalsView } from '../../../../shared/backoffice/views';
import { documentFile, pendingDocuments, reviewDocument } from '../limits/kyc';
import { sendUpload } from '../support/routes';
import { approveWithdrawal, rejectWithdrawal } from '../payments/withdrawals';
import { findTournament, tournamentName } from '../tournaments/service';
import { notifyTrader } from './notify';
import { pendingWithdrawals } from './withdrawals';
import { openPaidTournament, tournamentFormSchema, tournamentsForOperators } from './tournaments';
import { idParamsSchema, kycDecisionSchema, notifyFormSchema, openedQuerySchema, withdrawalDecisionSchema } from './forms';
import { backofficeSay, errorText, formProblem, moneyFor, operatorPage, postedFields, staffForm, withSystemName, type Flash } from './shell';

/**
 * What operators decide and send from the back office: identity documents, withdrawals waiting
 * for a decision, a notification to one trader and tournaments with an entry fee. A form's own
 * problem is shown on its page (422) and changes nothing.
 */
export async function operatorActionRoutes(app: FastifyInstance, operatorPages: { preValidation: preValidationAsyncHookHandler }): Promise<void> {
  const db = app.database.db;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const operatorForms = { preValidation: staffForm('operator') };

  async function kycPage(request: FastifyRequest, reply: FastifyReply, flash: Flash = null) {
    const rows = await pendingDocuments(db);
    return operatorPage(request, reply, {
      current: 'kyc',
      title: backofficeSay(request)('kyc.title'),
      flash,
      status: flash?.kind === 'error' ? 422 : 200,
      body: (csrf) => kycView(backofficeSay(request), rows, csrf),
    });
  }

  app.get('/backoffice/kyc', operatorPages, async (request, reply) => kycPage(request, reply));

  // A document opens as a download with the type detected at upload, to operators only: no one
  // else learns that it exists.
  const operatorsOnlyFile = async (request: FastifyRequest) => {
    if (request.user?.role !== 'operator') throw new ApiError('not_found');
  };
  api.get('/backoffice/kyc/:id/file', { preValidation: operatorsOnlyFile, schema: { params: idParamsSchema } }, async (request, reply) => {
    const file = await documentFile(db, request.params.id);
    if (!file) throw new ApiError('not_found');
    return sendUpload(reply, app.config.dataDir, { ...file, id: file.file_id });
  });

  api.post('/backoffice/kyc/:id', { ...operatorForms, schema: { params: idParamsSchema, body: kycDecisionSchema } }, async (request, reply) => {
    const { id } = request.params;
    const { decision, reason } = request.body;
    const say = backofficeSay(request);
    let flash: Flash;
    try {
      const done = await reviewDocument(db, id, signedInUser(request).id, decision, reason);
      flash = done
        ? { kind: 'ok', text: say(decision === 'approve' ? 'kyc.approved' : 'kyc.rejected', { id }) }
        : { kind: 'error', text: say('kyc.not_pending', { id }) };
    } catch (error) {
      flash = { kind: 'error', text: errorText(request, error, { reason: say('kyc.reason') }) };
    }
    return kycPage(request, reply, flash);
  });

  async function withdrawalsPage(request: FastifyRequest, reply: FastifyReply, flash: Flash = null) {
    const rows = await pendingWithdrawals(db);
    return operatorPage(request, reply, {
      current: 'withdrawals',
      title: backofficeSay(request)('withdrawals.title'),
      flash,
      body: (csrf) => withdrawalsView(backofficeSay(request), moneyFor(request), rows.map(withSystemName(request)), csrf),
    });
  }

  app.get('/backoffice/withdrawals', operatorPages, async (request, reply) => withdrawalsPage(request, reply));

  // The money module decides: the withdrawal is paid out or refunded once, with the trader told live.
  api.post('/backoffice/withdrawals/:id', { ...operatorForms, schema: { params: idParamsSchema, body: withdrawalDecisionSchema } }, async (request, reply) => {
    const { id } = request.params;
    const { decision } = request.body;
    const done = decision === 'approve' ? await approveWithdrawal(db, id, { bus: app.bus }) : await rejectWithdrawal(db, id, { bus: app.bus });
    const say = backofficeSay(request);
    const flash = done
      ? { kind: 'ok' as const, text: say(decision === 'approve' ? 'withdrawals.approved' : 'withdrawals.rejected', { id }) }
      : { kind: 'error' as const, text: say('withdrawals.not_pending', { id }) };
    return withdrawalsPage(request, reply, flash);
  });

  const notifyPage = (request: FastifyRequest, reply: FastifyReply, flash: Flash = null) =>
    operatorPage(request, reply, {
      current: 'notify',
      title: backofficeSay(request)('notify.title'),
      flash,
      status: flash?.kind === 'error' ? 422 : 200,
      body: (csrf) => notifyForm(backofficeSay(request), csrf),
    });

  app.get('/backoffice/notify', operatorPages, async (request, reply) => notifyPage(request, reply));

  api.post('/backoffice/notify', { ...operatorForms, attachValidation: true, schema: { body: notifyFormSchema } }, async (request, reply) => {
    let flash: Flash;
    try {
      const problem = formProblem(request);
      if (problem) throw problem;
      const form = request.body;
      const email = await notifyTrader(app, { account: form.account, titles: { ru: form.title, en: form.title_en }, type: form.type, redirectUrl: form.redirect_url || null });
      flash = { kind: 'ok', text: backofficeSay(request)('notify.sent', { email }) };
    } catch (error) {
      flash = { kind: 'error', text: errorText(request, error) };
    }
    return notifyPage(request, reply, flash);
  });

  /** The tournaments with their standing, and the form that opens one with an entry fee. */
  async function tournamentsPage(request: FastifyRequest, reply: FastifyReply, options: { flash?: Flash; values?: Record<string, string>; status?: number } = {}) {
    const rows = await tournamentsForOperators(db);
    return operatorPage(request, reply, {
      current: 'tournaments',
      title: backofficeSay(request)('tournaments.title'),
      flash: options.flash ?? null,
      status: options.status,
      body: (csrf) =>
        tournamentsView(
          backofficeSay(request),
          moneyFor(request),
          rows.map((row) => ({ ...row, name: tournamentName(row, request.locale), participants: Number(row.participants ?? 0) })),
          csrf,
          request.locale,
          options.values,
        ),
    });
  }

  api.get('/backoffice/tournaments', { ...operatorPages, schema: { querystring: openedQuerySchema } }, async (request, reply) => {
    const { opened } = request.query;
    const tournament = opened === undefined ? undefined : await findTournament(db, opened);
    const flash = tournament ? { kind: 'ok' as const, text: backofficeSay(request)('tournaments.created', { name: tournamentName(tournament, request.locale) }) } : null;
    return tournamentsPage(request, reply, { flash });
  });

  api.post('/backoffice/tournaments', { ...operatorForms, attachValidation: true, schema: { body: tournamentFormSchema } }, async (request, reply) => {
    try {
      const problem = formProblem(request);
      if (problem) throw problem;
      const tournament = await openPaidTournament(db, request.body, new Date(), request.locale);
      // Post, redirect, get: reloading the page does not open a second tournament.
      return reply.redirect(`/backoffice/tournaments?opened=${tournament.id}`, 303);
    } catch (error) {
      // The operator's entries stay in the form, so one wrong field does not cost the others.
      const values = Object.fromEntries(Object.entries(postedFields(request)).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== '_csrf'));
      return tournamentsPage(request, reply, { flash: { kind: 'error', text: errorText(request, error, tournamentLabels(backofficeSay(request))) }, values, status: 422 });
    }
  });
}
