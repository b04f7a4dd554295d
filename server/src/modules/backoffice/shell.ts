import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, toMessage } from '../../http/errors';
import type { AuthUser } from '../../http/fastify';
import { translate, translateOr } from '../../i18n';
import { page, type Html, type PageOptions } from '../../../../shared/backoffice/html';
import { backofficeNav, signInForm, type Say } from '../../../../shared/backoffice/views';
import { formatUsd, fromCents } from '../../../../src/api/contract/money';
import { checkCsrf, csrfToken } from './csrf';

/** What a page says after a form: done, or why not. */
export type Flash = { kind: 'ok' | 'error'; text: string } | null;

/** The staff roles: operators answer traders and decide their requests, risk runs the risk desk. */
type StaffRole = Exclude<AuthUser['role'], 'trader'>;

/** The back office's own texts (`support.backoffice.*`) in the request's language. */
export const backofficeSay =
  (request: FastifyRequest): Say =>
  (key, params) =>
    translate(request.locale, `support.backoffice.${key}`, params);

function sendHtml(reply: FastifyReply, body: string, status = 200) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

export function signInPage(request: FastifyRequest, reply: FastifyReply, error: string | null, status = error ? 403 : 200) {
  const say = backofficeSay(request);
  return sendHtml(
    reply,
    page({ lang: request.locale, brand: say('brand'), title: say('sign_in.title'), flash: error ? { kind: 'error', text: error } : null, body: signInForm(say, csrfToken(request, reply)) }),
    status,
  );
}

/** What a staff page shows: its title and body, and how the last form went. */
export type PageContent = { title: string; body: (csrf: string) => Html | Promise<Html>; flash?: Flash; status?: number };

/** A staff page: its section's navigation, the sign-out form and the body (which may carry forms with the token). */
export async function staffPage(request: FastifyRequest, reply: FastifyReply, options: PageContent & { nav: PageOptions['nav'] }) {
  const csrf = csrfToken(request, reply);
  const body = await options.body(csrf);
  const signOut = { label: backofficeSay(request)('sign_out'), csrf };
  return sendHtml(reply, page({ lang: request.locale, brand: backofficeSay(request)('brand'), title: options.title, nav: options.nav, signOut, flash: options.flash ?? null, body }), options.status);
}

/** An operator's page in one of the back office's sections (`current`). */
export const operatorPage = (request: FastifyRequest, reply: FastifyReply, options: PageContent & { current: string }) =>
  staffPage(request, reply, { ...options, nav: backofficeNav(backofficeSay(request), options.current) });

/** Amounts in cents as dollars in the request's language. */
export const moneyFor = (request: FastifyRequest) => (cents: number) => formatUsd(fromCents(cents), request.locale);

/** Any text of the translations in the request's language. */
export const translateFor = (request: FastifyRequest) => (key: string, params?: Record<string, string | number>) => translate(request.locale, key, params);

/**
 * A row's payment system by the name the staff member reads, as traders read it: the translation
 * of money.ps.<slug>; a system the translations do not know keeps the table's own name.
 */
export const withSystemName =
  (request: FastifyRequest) =>
  <Row extends { system: string; system_slug: string }>({ system_slug, ...row }: Row) => ({
    ...row,
    system: translateOr(request.locale, `money.ps.${system_slug}`, row.system),
  });

/** A refusal in the staff member's language; `labels` names the form's fields before their messages. */
export function errorText(request: FastifyRequest, error: unknown, labels: Record<string, string> = {}): string {
  if (!(error instanceof ApiError)) throw error;
  const messages = Object.entries(error.options.fields ?? {}).map(([field, m]) => {
    const { key, params } = toMessage(m);
    const text = translate(request.locale, key, params);
    // The field names may be the sender's own (an unknown field): only the labels' own entries count.
    return Object.hasOwn(labels, field) ? `${labels[field]}: ${text}` : text;
  });
  const { key, params } = toMessage(error.options.message ?? `errors.${error.code}`);
  return messages.length ? messages.join(' ') : translate(request.locale, key, params);
}

/**
 * preValidation of a staff page: anyone but the role sees the sign-in page instead (with
 * `refusalKey`'s text and 403 when signed in), before the page's input is looked at.
 */
export const staffPageGuard = (role: StaffRole, refusalKey: string) => async (request: FastifyRequest, reply: FastifyReply) => {
  if (request.user?.role === role) return;
  return signInPage(request, reply, request.user ? translate(request.locale, refusalKey) : null);
};

/** preValidation of a staff route that answers no page: 401 when signed out, 403 for anyone but the role. */
export const staffOnly = (role: StaffRole) => async (request: FastifyRequest) => {
  if (!request.user) throw new ApiError('unauthenticated');
  if (request.user.role !== role) throw new ApiError('forbidden');
};

/** The fields as the form posted them, kept by the form guards: a form that was refused shows them again. */
const postedForms = new WeakMap<FastifyRequest, Record<string, unknown>>();

/** preValidation of a form post: its token against the cookie (refuseForeignForms checked the Origin). */
export async function formToken(request: FastifyRequest): Promise<void> {
  const posted = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
  postedForms.set(request, posted);
  checkCsrf(request, posted._csrf);
}

/** preValidation of a staff form: the token, then the role, before the form's fields are looked at. */
export const staffForm = (role: StaffRole) => {
  const roleGuard = staffOnly(role);
  return async (request: FastifyRequest) => {
    await formToken(request);
    await roleGuard(request);
  };
};

export const postedFields = (request: FastifyRequest): Record<string, unknown> => postedForms.get(request) ?? {};

/**
 * A form route validates with `attachValidation`: the body's problem is the form's, shown on the
 * page next to it; a problem with the path or the query is thrown as any route's 400.
 */
export function formProblem(request: FastifyRequest): ApiError | null {
  const problem = request.validationError;
  if (!problem) return null;
  if (problem instanceof ApiError && problem.validationContext === 'body') return problem;
  throw problem;
}
