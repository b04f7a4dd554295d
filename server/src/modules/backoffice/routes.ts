import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_ATTACHMENTS, ATTACHMENT_ACCEPT, MESSAGES_PER_PAGE, type SupportMessage } from '../../../../src/api/contract/support';
import { ApiError, toMessage } from '../../http/errors';
import { translate } from '../../i18n';
import { parseInput } from '../../http/validate';
import type { AuthUser } from '../../http/fastify';
import { readMessageBody, acceptMultipart } from '../support/attachments';
import { conversationsForOperators } from '../support/repo';
import { operatorView, sendOperatorMessage } from '../support/service';
import { supportDeps } from '../support/routes';
import { checkCsrf, csrfToken } from './csrf';
import { html, page, type Html } from './html';
import { notifyTrader, supportReplyNotifier } from './notify';
import { pendingWithdrawals } from './withdrawals';
import { openPaidTournament, tournamentFormSchema, tournamentsForOperators } from './tournaments';
import { approveWithdrawal, rejectWithdrawal } from '../payments/service';
import { formatUsd, fromCents } from '../../../../src/api/contract/money';

const stylesheet = readFileSync(new URL('./backoffice.css', import.meta.url), 'utf8');

const loginFormSchema = z.object({ email: z.string().trim().min(1).max(254), password: z.string().min(1).max(128), _csrf: z.string() });
const csrfOnlySchema = z.object({ _csrf: z.string() });
const withdrawalDecisionSchema = z.object({ _csrf: z.string(), decision: z.enum(['approve', 'reject']) });
const conversationParamsSchema = z.strictObject({ id: z.coerce.number().int().positive() });
const pageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1), sent: z.string().optional() });
const notifyFormSchema = z.object({
  _csrf: z.string(),
  account: z.string().trim().min(1).max(254),
  title: z.string().trim().min(1).max(500),
  type: z.enum(['info', 'success', 'warning', 'danger']),
  redirect_url: z.string().trim().max(500).regex(/^(\/[^/\\].*|\/)?$/, { error: 'validation.invalid' }).default(''),
});

/** Lets the sign-in form and the notification form post ordinary urlencoded bodies. */
function acceptFormBodies(app: FastifyInstance) {
  if (app.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/**
 * The operators' back office (DESIGN.md 3.2): server-rendered pages without scripts, every form
 * protected by a CSRF token. Operators sign in with their ordinary account.
 */
export async function backofficeRoutes(app: FastifyInstance): Promise<void> {
  await acceptMultipart(app);
  acceptFormBodies(app);
  const db = app.database.db;
  const deps = { ...supportDeps(app), notify: supportReplyNotifier(app) };

  const t = (request: FastifyRequest, key: string, params?: Record<string, string | number>) =>
    translate(request.locale, `support.backoffice.${key}`, params);

  const nav = (request: FastifyRequest, current: string) =>
    [
      { href: '/backoffice', label: t(request, 'nav.conversations'), current: current === 'conversations' },
      { href: '/backoffice/withdrawals', label: t(request, 'nav.withdrawals'), current: current === 'withdrawals' },
      { href: '/backoffice/tournaments', label: t(request, 'nav.tournaments'), current: current === 'tournaments' },
      { href: '/backoffice/notify', label: t(request, 'nav.notify'), current: current === 'notify' },
    ];

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
        nav: nav(request, options.current),
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
        body: html`<form method="post" action="/backoffice/login">
  <input type="hidden" name="_csrf" value="${csrf}">
  <label>${t(request, 'sign_in.email')}<input type="email" name="email" autocomplete="username" required></label>
  <label>${t(request, 'sign_in.password')}<input type="password" name="password" autocomplete="current-password" required></label>
  <button type="submit">${t(request, 'sign_in.submit')}</button>
</form>`,
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
      return labels[field] ? `${labels[field]}: ${text}` : text;
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

  app.get('/backoffice', async (request, reply) => {
    const conversations = request.user?.role === 'operator' ? await conversationsForOperators(db) : [];
    return operatorPage(request, reply, {
      current: 'conversations',
      title: t(request, 'conversations.title'),
      body: () =>
        conversations.length === 0
          ? html`<p>${t(request, 'conversations.empty')}</p>`
          : html`<table>
<thead><tr><th>${t(request, 'conversations.trader')}</th><th>${t(request, 'conversations.kind')}</th><th>${t(request, 'conversations.awaiting')}</th><th>${t(request, 'conversations.last')}</th></tr></thead>
<tbody>${conversations.map(
              (c) => html`<tr>
<td><a href="/backoffice/conversations/${c.id}">${c.email}</a> <small>${c.account_id}</small></td>
<td>${t(request, `kind.${c.kind}`)}</td>
<td>${Number(c.awaiting) > 0 ? html`<span class="badge">${Number(c.awaiting)}</span>` : '0'}</td>
<td><time datetime="${c.last_message_at?.toISOString() ?? ''}">${c.last_message_at?.toISOString().replace('T', ' ').slice(0, 16) ?? ''}</time></td>
</tr>`,
            )}</tbody></table>`,
    });
  });

  const messageItem = (request: FastifyRequest, m: SupportMessage) => html`<li class="${m.author}">
<div class="meta">${t(request, `author.${m.author}`)} · <time datetime="${m.created_at}">${m.created_at.replace('T', ' ').slice(0, 16)}</time></div>
${m.text ? html`<p class="text">${m.text}</p>` : ''}
${m.files.length ? html`<ul>${m.files.map((f) => html`<li><a href="${f.url}">${f.name}</a> (${Math.ceil(f.size / 1024)} KB)</li>`)}</ul>` : ''}
</li>`;

  async function conversationPage(request: FastifyRequest, reply: FastifyReply, id: number, pageNumber: number, flash: { kind: 'ok' | 'error'; text: string } | null) {
    if (request.user?.role !== 'operator') return operatorPage(request, reply, { current: '', title: '', body: () => html`` });
    const view = await operatorView(db, id, pageNumber);
    const pages = Math.max(1, Math.ceil(view.total / MESSAGES_PER_PAGE));
    return operatorPage(request, reply, {
      current: 'conversations',
      title: t(request, 'conversation.title', { email: view.owner.email, kind: t(request, `kind.${view.conversation.kind}`) }),
      flash,
      status: flash?.kind === 'error' ? 422 : 200,
      body: (csrf) => html`<p>${t(request, 'conversation.account', { account: view.owner.account_id })}</p>
<nav class="pager" aria-label="${t(request, 'conversation.pages')}">
${view.page < pages ? html`<a href="/backoffice/conversations/${id}?page=${view.page + 1}">${t(request, 'conversation.older')}</a>` : ''}
${view.page > 1 ? html`<a href="/backoffice/conversations/${id}?page=${view.page - 1}">${t(request, 'conversation.newer')}</a>` : ''}
</nav>
<ol class="messages">${view.items.map((m) => messageItem(request, m))}</ol>
<form method="post" action="/backoffice/conversations/${id}/reply" enctype="multipart/form-data">
<input type="hidden" name="_csrf" value="${csrf}">
<label>${t(request, 'conversation.reply')}<textarea name="text" maxlength="4000"></textarea></label>
${Array.from({ length: MAX_ATTACHMENTS }, (_, i) => html`<label>${t(request, 'conversation.file', { n: i + 1 })}<input type="file" name="file${i}" accept="${ATTACHMENT_ACCEPT}"></label>`)}
<button type="submit">${t(request, 'conversation.send')}</button>
</form>`,
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

  async function withdrawalsPage(request: FastifyRequest, reply: FastifyReply, flash: { kind: 'ok' | 'error'; text: string } | null = null) {
    const rows = request.user?.role === 'operator' ? await pendingWithdrawals(db) : [];
    const money = (cents: number) => formatUsd(fromCents(cents), request.locale);
    return operatorPage(request, reply, {
      current: 'withdrawals',
      title: t(request, 'withdrawals.title'),
      flash,
      body: (csrf) =>
        rows.length === 0
          ? html`<p>${t(request, 'withdrawals.empty')}</p>`
          : html`<table>
<thead><tr><th>${t(request, 'withdrawals.id')}</th><th>${t(request, 'withdrawals.trader')}</th><th>${t(request, 'withdrawals.amount')}</th><th>${t(request, 'withdrawals.system')}</th><th>${t(request, 'withdrawals.created')}</th><th></th></tr></thead>
<tbody>${rows.map(
              (w) => html`<tr>
<td>${w.id}</td>
<td>${w.email} <small>${w.account_id}</small></td>
<td>${money(w.amount_cents)}</td>
<td>${w.system}</td>
<td><time datetime="${w.created_at.toISOString()}">${w.created_at.toISOString().replace('T', ' ').slice(0, 16)}</time></td>
<td><form method="post" action="/backoffice/withdrawals/${w.id}" class="inline">
<input type="hidden" name="_csrf" value="${csrf}">
<button type="submit" name="decision" value="approve" class="approve">${t(request, 'withdrawals.approve')}</button>
<button type="submit" name="decision" value="reject" class="reject">${t(request, 'withdrawals.reject')}</button>
</form></td>
</tr>`,
            )}</tbody></table>`,
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

  const notifyForm = (request: FastifyRequest, csrf: string) => html`<form method="post" action="/backoffice/notify">
<input type="hidden" name="_csrf" value="${csrf}">
<label>${t(request, 'notify.account')}<input name="account" required maxlength="254"></label>
<label>${t(request, 'notify.text')}<textarea name="title" required maxlength="500"></textarea></label>
<label>${t(request, 'notify.type')}<select name="type">${(['info', 'success', 'warning', 'danger'] as const).map((type) => html`<option value="${type}">${t(request, `notify.types.${type}`)}</option>`)}</select></label>
<label>${t(request, 'notify.link')}<input name="redirect_url" maxlength="500" placeholder="/finances"></label>
<button type="submit">${t(request, 'notify.send')}</button>
</form>`;

  app.get('/backoffice/notify', async (request, reply) =>
    operatorPage(request, reply, { current: 'notify', title: t(request, 'notify.title'), body: (csrf) => notifyForm(request, csrf) }),
  );

  app.post('/backoffice/notify', async (request, reply) => {
    const token = (request.body as Record<string, unknown> | null)?._csrf;
    requireOperatorForm(request, token);
    let flash: { kind: 'ok' | 'error'; text: string };
    try {
      const form = parseInput(notifyFormSchema, request.body);
      const email = await notifyTrader(app, { account: form.account, title: form.title, type: form.type, redirectUrl: form.redirect_url || null });
      flash = { kind: 'ok', text: t(request, 'notify.sent', { email }) };
    } catch (error) {
      flash = { kind: 'error', text: errorText(request, error) };
    }
    return operatorPage(request, reply, {
      current: 'notify',
      title: t(request, 'notify.title'),
      flash,
      status: flash.kind === 'error' ? 422 : 200,
      body: (csrf) => notifyForm(request, csrf),
    });
  });

  const utc = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 16);
  const tournamentLabels = (request: FastifyRequest) => ({
    name: t(request, 'tournaments.name'),
    starts_at: t(request, 'tournaments.starts_at'),
    ends_at: t(request, 'tournaments.ends_at'),
    entry_fee: t(request, 'tournaments.entry_fee'),
    start_balance: t(request, 'tournaments.start_balance'),
    prizes: t(request, 'tournaments.prizes'),
  });

  /** The tournaments with their standing, and the form that opens one with an entry fee. */
  async function tournamentsPage(
    request: FastifyRequest,
    reply: FastifyReply,
    options: { flash?: { kind: 'ok' | 'error'; text: string } | null; values?: Record<string, string>; status?: number } = {},
  ) {
    const rows = request.user?.role === 'operator' ? await tournamentsForOperators(db) : [];
    const money = (cents: number) => formatUsd(fromCents(cents), request.locale);
    const labels = tournamentLabels(request);
    const value = (name: string) => options.values?.[name] ?? '';
    return operatorPage(request, reply, {
      current: 'tournaments',
      title: t(request, 'tournaments.title'),
      flash: options.flash ?? null,
      status: options.status,
      body: (csrf) => html`${
        rows.length === 0
          ? html`<p>${t(request, 'tournaments.empty')}</p>`
          : html`<table>
<thead><tr><th>${labels.name}</th><th>${t(request, 'tournaments.period')}</th><th>${labels.entry_fee}</th><th>${labels.start_balance}</th><th>${labels.prizes}</th><th>${t(request, 'tournaments.participants')}</th><th>${t(request, 'tournaments.status')}</th></tr></thead>
<tbody>${rows.map(
              (row) => html`<tr>
<td>${translate(request.locale, row.name)} <small>${t(request, `tournaments.kinds.${row.kind}`)}</small></td>
<td><time datetime="${row.starts_at.toISOString()}">${utc(row.starts_at)}</time> – <time datetime="${row.ends_at.toISOString()}">${utc(row.ends_at)}</time></td>
<td>${row.entry_fee_cents > 0 ? money(row.entry_fee_cents) : t(request, 'tournaments.free')}</td>
<td>${money(row.start_balance_cents)}</td>
<td>${row.prizes_cents.map(money).join(', ') || '—'}</td>
<td>${Number(row.participants ?? 0)}</td>
<td>${t(request, `tournaments.statuses.${row.status}`)}</td>
</tr>`,
            )}</tbody></table>`
      }
<h2>${t(request, 'tournaments.create_title')}</h2>
<form method="post" action="/backoffice/tournaments">
<input type="hidden" name="_csrf" value="${csrf}">
<label>${labels.name}<input name="name" required maxlength="80" value="${value('name')}"></label>
<label>${labels.starts_at}<input type="datetime-local" name="starts_at" required value="${value('starts_at')}"></label>
<label>${labels.ends_at}<input type="datetime-local" name="ends_at" required value="${value('ends_at')}"></label>
<label>${labels.entry_fee}<input name="entry_fee" required inputmode="decimal" placeholder="10.00" value="${value('entry_fee')}"></label>
<label>${labels.start_balance}<input name="start_balance" required inputmode="decimal" placeholder="1000.00" value="${value('start_balance')}"></label>
<label>${labels.prizes}<input name="prizes" maxlength="200" placeholder="100, 50, 25" value="${value('prizes')}"></label>
<button type="submit">${t(request, 'tournaments.create')}</button>
</form>`,
    });
  }

  app.get('/backoffice/tournaments', async (request, reply) => tournamentsPage(request, reply));

  app.post('/backoffice/tournaments', async (request, reply) => {
    const body = (request.body as Record<string, unknown> | null) ?? {};
    requireOperatorForm(request, body._csrf);
    try {
      const form = parseInput(tournamentFormSchema, body);
      const tournament = await openPaidTournament(db, form, new Date());
      return await tournamentsPage(request, reply, { flash: { kind: 'ok', text: t(request, 'tournaments.created', { name: tournament.name }) } });
    } catch (error) {
      // The operator's entries stay in the form, so one wrong field does not cost the others.
      const values = Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== '_csrf'));
      return tournamentsPage(request, reply, {
        flash: { kind: 'error', text: errorText(request, error, tournamentLabels(request)) },
        values,
        status: 422,
      });
    }
  });
}
