import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES_PER_PAGE } from '../../../../src/api/contract/support';
import { parseInput } from '../../http/validate';
import { signedInUser } from '../../http/signed-in-user';
import { readMessageBody, acceptMultipart } from '../support/attachments';
import { conversationsForOperators } from '../support/repo';
import { operatorView, sendOperatorMessage } from '../support/service';
import { supportDeps } from '../support/routes';
import { checkCsrf, refuseForeignForms } from './csrf';
import { conversationView, conversationsView, depositsView, exclusionsView } from '../../../../shared/backoffice/views';
import { supportReplyNotifier } from './notify';
import { recentDeposits } from './deposits';
import { runningExclusions } from '../limits/service';
import { projectFile } from '../../project-files';
import { riskDeskRoutes } from '../risk/routes';
import { csrfOnlySchema, idParamsSchema, loginFormSchema, pageQuerySchema, replyFieldsSchema } from './forms';
import { backofficeSay, errorText, formToken, moneyFor, operatorPage, signInPage, staffOnly, staffPageGuard, translateFor, withSystemName, type Flash } from './shell';
import { operatorActionRoutes } from './operator-action-routes';

const stylesheet = readFileSync(projectFile('shared/backoffice/backoffice.css'), 'utf8');

/** Lets the sign-in form and the notification form post ordinary urlencoded bodies. */
function acceptFormBodies(app: FastifyInstance) {
  if (app.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/**
 * The operators' back office (docs/design.md 3.2): server-rendered pages without scripts, every form
 * protected by a CSRF token. Operators sign in with their ordinary account. The guards run before
 * the schemas: anyone but an operator sees the sign-in page, or hears 401/403 for a form, before
 * what was wrong with the input.
 */
export async function backofficeRoutes(app: FastifyInstance): Promise<void> {
  refuseForeignForms(app);
  await acceptMultipart(app);
  acceptFormBodies(app);
  const db = app.database.db;
  const deps = { ...supportDeps(app), notify: supportReplyNotifier(app) };
  const api = app.withTypeProvider<ZodTypeProvider>();
  const operatorPages = { preValidation: staffPageGuard('operator', 'support.backoffice.not_operator') };

  app.get('/backoffice/backoffice.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=300').send(stylesheet),
  );

  api.post('/backoffice/login', { preValidation: formToken, schema: { body: loginFormSchema } }, async (request, reply) => {
    // The ordinary login (same throttling, same session cookie) answers for the back office.
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: request.ip,
      headers: { 'x-requested-with': 'XMLHttpRequest', 'accept-language': request.locale, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: request.body.email, password: request.body.password }),
    });
    if (response.statusCode !== 200) {
      const body = response.json() as { payload?: { message?: string } };
      return signInPage(request, reply, body.payload?.message ?? backofficeSay(request)('sign_in.failed'), response.statusCode);
    }
    const cookies = response.headers['set-cookie'];
    if (cookies) void reply.header('set-cookie', cookies);
    return reply.redirect('/backoffice', 303);
  });

  api.post('/backoffice/logout', { preValidation: formToken, schema: { body: csrfOnlySchema } }, async (request, reply) => {
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
  await riskDeskRoutes(app);

  app.get('/backoffice', async (request, reply) => {
    if (request.user?.role === 'risk') return reply.redirect('/backoffice/risk', 303);
    if (request.user?.role !== 'operator') return signInPage(request, reply, request.user ? backofficeSay(request)('not_operator') : null);
    const conversations = await conversationsForOperators(db);
    return operatorPage(request, reply, {
      current: 'conversations',
      title: backofficeSay(request)('conversations.title'),
      body: () => conversationsView(backofficeSay(request), conversations.map((c) => ({ ...c, awaiting: Number(c.awaiting) }))),
    });
  });

  async function conversationPage(request: FastifyRequest, reply: FastifyReply, id: number, pageNumber: number, flash: Flash) {
    const say = backofficeSay(request);
    const view = await operatorView(db, id, pageNumber);
    const pages = Math.max(1, Math.ceil(view.total / MESSAGES_PER_PAGE));
    return operatorPage(request, reply, {
      current: 'conversations',
      title: say('conversation.title', { email: view.owner.email, kind: say(`kind.${view.conversation.kind}`) }),
      flash,
      status: flash?.kind === 'error' ? 422 : 200,
      body: (csrf) =>
        conversationView(say, { id, account: view.owner.account_id, page: view.page, pages, items: view.items }, csrf, translateFor(request), request.locale),
    });
  }

  api.get('/backoffice/conversations/:id', { ...operatorPages, schema: { params: idParamsSchema, querystring: pageQuerySchema } }, async (request, reply) => {
    const { page: pageNumber, sent } = request.query;
    return conversationPage(request, reply, request.params.id, pageNumber, sent ? { kind: 'ok', text: backofficeSay(request)('conversation.sent') } : null);
  });

  // Only an operator's upload is read at all; the token travels inside the multipart body, so it
  // is checked once the body is read, and the text fields with it.
  api.post('/backoffice/conversations/:id/reply', { preValidation: staffOnly('operator'), schema: { params: idParamsSchema } }, async (request, reply) => {
    const { id } = request.params;
    let body;
    try {
      body = await readMessageBody(request);
    } catch (error) {
      // Nothing was stored: the operator sees why, next to the form.
      return conversationPage(request, reply, id, 1, { kind: 'error', text: errorText(request, error) });
    }
    checkCsrf(request, body.fields._csrf);
    try {
      const { _csrf: _token, ...rest } = body.fields;
      const { text } = parseInput(replyFieldsSchema, rest);
      await sendOperatorMessage(deps, { operatorId: signedInUser(request).id, conversationId: id, text, files: body.files });
    } catch (error) {
      return conversationPage(request, reply, id, 1, { kind: 'error', text: errorText(request, error) });
    }
    return reply.redirect(`/backoffice/conversations/${id}?sent=1`, 303);
  });

  app.get('/backoffice/deposits', operatorPages, async (request, reply) => {
    const rows = await recentDeposits(db);
    return operatorPage(request, reply, {
      current: 'deposits',
      title: backofficeSay(request)('deposits.title'),
      body: () => depositsView(backofficeSay(request), moneyFor(request), rows.map(withSystemName(request))),
    });
  });

  app.get('/backoffice/exclusions', operatorPages, async (request, reply) => {
    const rows = await runningExclusions(db, new Date());
    return operatorPage(request, reply, {
      current: 'exclusions',
      title: backofficeSay(request)('exclusions.title'),
      body: () => exclusionsView(backofficeSay(request), rows, request.locale),
    });
  });

  await operatorActionRoutes(app, operatorPages);
}
