import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MESSAGES_PER_PAGE } from '../../../../src/api/contract/support';
import { ApiError, toMessage } from '../../http/errors';
import { translate } from '../../i18n';
import { parseInput } from '../../http/validate';
import type { AuthUser } from '../../http/fastify';
import { readMessageBody, acceptMultipart } from '../support/attachments';
import { conversationsForOperators } from '../support/repo';
import { operatorView, sendOperatorMessage } from '../support/service';
import { supportDeps } from '../support/routes';
import { checkCsrf, csrfToken, refuseForeignForms } from './csrf';
import { html, page, type Html } from '../../../../shared/backoffice/html';
import { backofficeNav, conversationView, conversationsView, depositsView, exclusionsView, kycView, notifyForm, NOTIFICATION_TYPES, signInForm, tournamentLabels, tournamentsView, withdrawalsView, type Say } from '../../../../shared/backoffice/views';
import { notifyTrader, supportReplyNotifier } from './notify';
import { pendingWithdrawals } from './withdrawals';
import { recentDeposits } from './deposits';
import { runningExclusions } from '../limits/service';
import { documentFile, pendingDocuments, reviewDocument } from '../limits/kyc';
import { sendUpload } from '../support/routes';
import { openPaidTournament, tournamentFormSchema, tournamentsForOperators } from './tournaments';
import { approveWithdrawal, rejectWithdrawal } from '../payments/withdrawals';
import { findTournament, tournamentName } from '../tournaments/service';
import { formatUsd, fromCents } from '../../../../src/api/contract/money';
import { projectFile } from '../../project-files';
import { riskDeskRoutes } from '../risk/routes';

const stylesheet = readFileSync(projectFile('shared/backoffice/backoffice.css'), 'utf8');

const loginFormSchema = z.object({ email: z.string().trim().min(1).max(254), password: z.string().min(1).max(128), _csrf: z.string() });
const csrfOnlySchema = z.object({ _csrf: z.string() });
const withdrawalDecisionSchema = z.object({ _csrf: z.string(), decision: z.enum(['approve', 'reject']) });
const kycDecisionSchema = z.object({ _csrf: z.string(), decision: z.enum(['approve', 'reject']), reason: z.string().max(500).default('') });
const conversationParamsSchema = z.strictObject({ id: z.coerce.number().int().positive() });
const openedQuerySchema = z.object({ opened: z.coerce.number().int().positive().optional() });
const pageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1), sent: z.string().optional() });
const notifyText = z.string().trim().max(500).default('');
const notifyFormSchema = z
  .object({
    _csrf: z.string(),
    account: z.string().trim().min(1).max(254),
    /** The text in Russian and in English (`title_en`); at least one. */
    title: notifyText,
    title_en: notifyText,
    type: z.enum(NOTIFICATION_TYPES),
    redirect_url: z.string().trim().max(500).regex(/^(\/[^/\\].*|\/)?$/, { error: 'validation.invalid' }).default(''),
  })
  .refine((form) => form.title !== '' || form.title_en !== '', { path: ['title'], error: 'validation.one_language' });

/** Lets the sign-in form and the notification form post ordinary urlencoded bodies. */
function acceptFormBodies(app: FastifyInstance) {
  if (app.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/**
 * The operators' back office (docs/design.md 3.2): server-rendered pages without scripts, every form
 * protected by a CSRF token. Operators sign in with their ordinary account.
 */
export async function backofficeRoutes(app: FastifyInstance): Promise<void> {
  refuseForeignForms(app);
  await acceptMultipart(app);
  acceptFormBodies(app);
  const db = app.database.db;
  const deps = { ...supportDeps(app), notify: supportReplyNotifier(app) };

  const t = (request: FastifyRequest, key: string, params?: Record<string, string | number>) =>
    translate(request.locale, `support.backoffice.${key}`, params);
  const sayFor = (request: FastifyRequest): Say => (key, params) => t(request, key, params);
  const moneyFor = (request: FastifyRequest) => (cents: number) => formatUsd(fromCents(cents), request.locale);

  function send(reply: FastifyReply, body: string, status = 200) {
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(body);
  }

  /** The page an operator sees, or the sign-in page for everyone else. */
  function operatorPage(
    request: FastifyRequest,
    reply: FastifyReply,
    options: { current: string; title: string; body: (csrf: string, operator: AuthUser) => Html; flash?: { kind: 'ok' | 'error'; text: string } | null; status?: number },
  ) {
    const csrf = csrfToken(request, reply);
    const operator = request.user;
    if (!operator || operator.role !== 'operator') return signInPage(request, reply, operator ? t(request, 'not_operator') : null);
    return send(
      reply,
      page({
        lang: request.locale,
        title: options.title,
        nav: backofficeNav(sayFor(request), options.current),
        signOut: { label: t(request, 'sign_out'), csrf },
        flash: options.flash ?? null,
        body: options.body(csrf, operator),
      }),
      options.status,
    );
  }

  function signInPage(request: FastifyRequest, reply: FastifyReply, error: string | null, status = error ? 403 : 200) {
    const csrf = csrfToken(request, reply);
    return send(
      reply,
      page({
        lang: request.locale,
        title: t(request, 'sign_in.title'),
        flash: error ? { kind: 'error', text: error } : null,
        body: signInForm(sayFor(request), csrf),
      }),
      status,
    );
  }

  /** Checks an operator is signed in and the form's token, before a POST changes anything. */
  function requireOperatorForm(request: FastifyRequest, token: unknown): AuthUser {
    checkCsrf(request, token);
    if (!request.user) throw new ApiError('unauthenticated');
    if (request.user.role !== 'operator') throw new ApiError('forbidden');
    return request.user;
  }

  /** A refusal in the operator's language; `labels` names the form's fields before their messages. */
  const errorText = (request: FastifyRequest, error: unknown, labels: Record<string, string> = {}): string => {
    if (!(error instanceof ApiError)) throw error;
    const messages = Object.entries(error.options.fields ?? {}).map(([field, m]) => {
      const { key, params } = toMessage(m);
      const text = translate(request.locale, key, params);
      // The field names may be the sender's own (an unknown field): only the labels' own entries count.
      return Object.hasOwn(labels, field) ? `${labels[field]}: ${text}` : text;
    });
    const { key, params } = toMessage(error.options.message ?? `errors.${error.code}`);
    return messages.length ? messages.join(' ') : translate(request.locale, key, params);
  };

  app.get('/backoffice/backoffice.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=300').send(stylesheet),
  );

  app.post('/backoffice/login', async (request, reply) => {
    const form = parseInput(loginFormSchema, request.body);
    checkCsrf(request, form._csrf);
    // The ordinary login (same throttling, same session cookie) answers for the back office.
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: request.ip,
      headers: { 'x-requested-with': 'XMLHttpRequest', 'accept-language': request.locale, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: form.email, password: form.password }),
    });
    if (response.statusCode !== 200) {
      const body = response.json() as { payload?: { message?: string } };
      return signInPage(request, reply, body.payload?.message ?? t(request, 'sign_in.failed'), response.statusCode);
    }
    const cookies = response.headers['set-cookie'];
    if (cookies) void reply.header('set-cookie', cookies);
    return reply.redirect('/backoffice', 303);
  });

  app.post('/backoffice/logout', async (request, reply) => {
    checkCsrf(request, parseInput(csrfOnlySchema, request.body)._csrf);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: request.headers.cookie ?? '' },
    });
    const cookies = response.headers['set-cookie'];
    if (cookies) void reply.header('set-cookie', cookies);
    return reply.redirect('/backoffice', 303);
  });

  // The risk desk: its own role and pages, with this shell (docs/design.md 3.2, issue 19).
  await riskDeskRoutes(app, { send, signInPage, errorText });

  app.get('/backoffice', async (request, reply) => {
    if (request.user?.role === 'risk') return reply.redirect('/backoffice/risk', 303);
    const conversations = request.user?.role === 'operator' ? await conversationsForOperators(db) : [];
    return operatorPage(request, reply, {
      current: 'conversations',
      title: t(request, 'conversations.title'),
      body: () => conversationsView(sayFor(request), conversations.map((c) => ({ ...c, awaiting: Number(c.awaiting) }))),
    });
  });

  async function conversationPage(request: FastifyRequest, reply: FastifyReply, id: number, pageNumber: number, flash: { kind: 'ok' | 'error'; text: string } | null) {
    if (request.user?.role !== 'operator') return operatorPage(request, reply, { current: '', title: '', body: () => html`` });
    const view = await operatorView(db, id, pageNumber);
    const pages = Math.max(1, Math.ceil(view.total / MESSAGES_PER_PAGE));
    return operatorPage(request, reply, {
      current: 'conversations',
      title: t(request, 'conversation.title', { email: view.owner.email, kind: t(request, `kind.${view.conversation.kind}`) }),
      flash,
      status: flash?.kind === 'error' ? 422 : 200,
      body: (csrf) =>
        conversationView(sayFor(request), { id, account: view.owner.account_id, page: view.page, pages, items: view.items }, csrf),
    });
  }

  app.get('/backoffice/conversations/:id', async (request, reply) => {
    const { id } = parseInput(conversationParamsSchema, request.params);
    const { page: pageNumber, sent } = parseInput(pageQuerySchema, request.query);
    return conversationPage(request, reply, id, pageNumber, sent ? { kind: 'ok', text: t(request, 'conversation.sent') } : null);
  });

  app.post('/backoffice/conversations/:id/reply', async (request, reply) => {
    const { id } = parseInput(conversationParamsSchema, request.params);
    // Only an operator's upload is read at all; the token travels inside the multipart body.
    if (!request.user) throw new ApiError('unauthenticated');
    if (request.user.role !== 'operator') throw new ApiError('forbidden');
    let body;
    try {
      body = await readMessageBody(request);
    } catch (error) {
      // Nothing was stored: the operator sees why, next to the form.
      return conversationPage(request, reply, id, 1, { kind: 'error', text: errorText(request, error) });
    }
    const operator = requireOperatorForm(request, body.fields._csrf);
    try {
      const { _csrf: _token, ...rest } = body.fields;
      const { text } = parseInput(z.strictObject({ text: z.string().trim().max(4000).default('') }), rest);
      await sendOperatorMessage(deps, { operatorId: operator.id, conversationId: id, text, files: body.files });
    } catch (error) {
      return conversationPage(request, reply, id, 1, { kind: 'error', text: errorText(request, error) });
    }
    return reply.redirect(`/backoffice/conversations/${id}?sent=1`, 303);
  });

  app.get('/backoffice/deposits', async (request, reply) => {
    const rows = request.user?.role === 'operator' ? await recentDeposits(db) : [];
    return operatorPage(request, reply, {
      current: 'deposits',
      title: t(request, 'deposits.title'),
      body: () => depositsView(sayFor(request), moneyFor(request), rows),
    });
  });

  app.get('/backoffice/exclusions', async (request, reply) => {
    const rows = request.user?.role === 'operator' ? await runningExclusions(db, new Date()) : [];
    return operatorPage(request, reply, {
      current: 'exclusions',
      title: t(request, 'exclusions.title'),
      body: () => exclusionsView(sayFor(request), rows, request.locale),
    });
  });

  async function kycPage(request: FastifyRequest, reply: FastifyReply, flash: { kind: 'ok' | 'error'; text: string } | null = null) {
    const rows = request.user?.role === 'operator' ? await pendingDocuments(db) : [];
    return operatorPage(request, reply, {
      current: 'kyc',
      title: t(request, 'kyc.title'),
      flash,
      status: flash?.kind === 'error' ? 422 : 200,
      body: (csrf) => kycView(sayFor(request), rows, csrf),
    });
  }

  app.get('/backoffice/kyc', async (request, reply) => kycPage(request, reply));

  // A document opens as a download with the type detected at upload, to operators only.
  app.get('/backoffice/kyc/:id/file', async (request, reply) => {
    const { id } = parseInput(conversationParamsSchema, request.params);
    if (request.user?.role !== 'operator') throw new ApiError('not_found');
    const file = await documentFile(db, id);
    if (!file) throw new ApiError('not_found');
    return sendUpload(reply, app.config.dataDir, { ...file, id: file.file_id });
  });

  app.post('/backoffice/kyc/:id', async (request, reply) => {
    const { id } = parseInput(conversationParamsSchema, request.params);
    const form = parseInput(kycDecisionSchema, request.body);
    const operator = requireOperatorForm(request, form._csrf);
    let flash: { kind: 'ok' | 'error'; text: string };
    try {
      const done = await reviewDocument(db, id, operator.id, form.decision, form.reason);
      flash = done
        ? { kind: 'ok', text: t(request, form.decision === 'approve' ? 'kyc.approved' : 'kyc.rejected', { id }) }
        : { kind: 'error', text: t(request, 'kyc.not_pending', { id }) };
    } catch (error) {
      flash = { kind: 'error', text: errorText(request, error, { reason: t(request, 'kyc.reason') }) };
    }
    return kycPage(request, reply, flash);
  });

  async function withdrawalsPage(request: FastifyRequest, reply: FastifyReply, flash: { kind: 'ok' | 'error'; text: string } | null = null) {
    const rows = request.user?.role === 'operator' ? await pendingWithdrawals(db) : [];
    return operatorPage(request, reply, {
      current: 'withdrawals',
      title: t(request, 'withdrawals.title'),
      flash,
      body: (csrf) => withdrawalsView(sayFor(request), moneyFor(request), rows, csrf),
    });
  }

  app.get('/backoffice/withdrawals', async (request, reply) => withdrawalsPage(request, reply));

  // The money module decides: the withdrawal is paid out or refunded once, with the trader told live.
  app.post('/backoffice/withdrawals/:id', async (request, reply) => {
    const { id } = parseInput(conversationParamsSchema, request.params);
    const form = parseInput(withdrawalDecisionSchema, request.body);
    requireOperatorForm(request, form._csrf);
    const done =
      form.decision === 'approve'
        ? await approveWithdrawal(db, id, { bus: app.bus })
        : await rejectWithdrawal(db, id, { bus: app.bus });
    const flash = done
      ? { kind: 'ok' as const, text: t(request, form.decision === 'approve' ? 'withdrawals.approved' : 'withdrawals.rejected', { id }) }
      : { kind: 'error' as const, text: t(request, 'withdrawals.not_pending', { id }) };
    return withdrawalsPage(request, reply, flash);
  });

  app.get('/backoffice/notify', async (request, reply) =>
    operatorPage(request, reply, { current: 'notify', title: t(request, 'notify.title'), body: (csrf) => notifyForm(sayFor(request), csrf) }),
  );

  app.post('/backoffice/notify', async (request, reply) => {
    const token = (request.body as Record<string, unknown> | null)?._csrf;
    requireOperatorForm(request, token);
    let flash: { kind: 'ok' | 'error'; text: string };
    try {
      const form = parseInput(notifyFormSchema, request.body);
      const email = await notifyTrader(app, {
        account: form.account,
        titles: { ru: form.title, en: form.title_en },
        type: form.type,
        redirectUrl: form.redirect_url || null,
      });
      flash = { kind: 'ok', text: t(request, 'notify.sent', { email }) };
    } catch (error) {
      flash = { kind: 'error', text: errorText(request, error) };
    }
    return operatorPage(request, reply, {
      current: 'notify',
      title: t(request, 'notify.title'),
      flash,
      status: flash.kind === 'error' ? 422 : 200,
      body: (csrf) => notifyForm(sayFor(request), csrf),
    });
  });

  /** The tournaments with their standing, and the form that opens one with an entry fee. */
  async function tournamentsPage(
    request: FastifyRequest,
    reply: FastifyReply,
    options: { flash?: { kind: 'ok' | 'error'; text: string } | null; values?: Record<string, string>; status?: number } = {},
  ) {
    const rows = request.user?.role === 'operator' ? await tournamentsForOperators(db) : [];
    return operatorPage(request, reply, {
      current: 'tournaments',
      title: t(request, 'tournaments.title'),
      flash: options.flash ?? null,
      status: options.status,
      body: (csrf) =>
        tournamentsView(
          sayFor(request),
          moneyFor(request),
          rows.map((row) => ({ ...row, name: tournamentName(row, request.locale), participants: Number(row.participants ?? 0) })),
          csrf,
          options.values,
        ),
    });
  }

  app.get('/backoffice/tournaments', async (request, reply) => {
    const { opened } = parseInput(openedQuerySchema, request.query);
    const tournament = opened === undefined || request.user?.role !== 'operator' ? undefined : await findTournament(db, opened);
    const flash = tournament ? { kind: 'ok' as const, text: t(request, 'tournaments.created', { name: tournamentName(tournament, request.locale) }) } : null;
    return tournamentsPage(request, reply, { flash });
  });

  app.post('/backoffice/tournaments', async (request, reply) => {
    const body = (request.body as Record<string, unknown> | null) ?? {};
    requireOperatorForm(request, body._csrf);
    try {
      const form = parseInput(tournamentFormSchema, body);
      const tournament = await openPaidTournament(db, form, new Date());
      // Post, redirect, get: reloading the page does not open a second tournament.
      return reply.redirect(`/backoffice/tournaments?opened=${tournament.id}`, 303);
    } catch (error) {
      // The operator's entries stay in the form, so one wrong field does not cost the others.
      const values = Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== '_csrf'));
      return tournamentsPage(request, reply, {
        flash: { kind: 'error', text: errorText(request, error, tournamentLabels(sayFor(request))) },
        values,
        status: 422,
      });
    }
  });
}
