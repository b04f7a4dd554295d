import { ATTACHMENT_ACCEPT, MAX_ATTACHMENTS, type SupportMessage } from '../../src/api/contract/support';
import { formatDuration } from '../../src/shared/duration';
import { formatDateTimeInput, formatFileSize, formatNumber, type Translate } from '../../src/shared/format';
import { isTimeoutKind, TIMEOUT_PERIODS } from '../../src/shared/time-outs';
import { html, type Html } from './html';

/**
 * The back office's pages as pure functions of their data (no request, no database), so that
 * the routes and the stories render the same markup. `say` translates a key below
 * `support.backoffice.`; `money` writes cents in the operator's language.
 */
export type Say = (key: string, params?: Record<string, string | number>) => string;
export type Money = (cents: number) => string;

const utc = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 16);
const time = (date: Date) => html`<time datetime="${date.toISOString()}">${utc(date)}</time>`;
const csrfField = (csrf: string) => html`<input type="hidden" name="_csrf" value="${csrf}">`;

const BACKOFFICE_SECTIONS = [
  { name: 'conversations', href: '/backoffice' },
  { name: 'deposits', href: '/backoffice/deposits' },
  { name: 'withdrawals', href: '/backoffice/withdrawals' },
  { name: 'tournaments', href: '/backoffice/tournaments' },
  { name: 'notify', href: '/backoffice/notify' },
  { name: 'exclusions', href: '/backoffice/exclusions' },
  { name: 'kyc', href: '/backoffice/kyc' },
] as const;

/** The top bar's sections, the current one marked. */
export const backofficeNav = (say: Say, current: string) =>
  BACKOFFICE_SECTIONS.map((section) => ({ href: section.href, label: say(`nav.${section.name}`), current: section.name === current }));

export function signInForm(say: Say, csrf: string): Html {
  return html`<form method="post" action="/backoffice/login">
  ${csrfField(csrf)}
  <label>${say('sign_in.email')}<input type="email" name="email" autocomplete="username" required></label>
  <label>${say('sign_in.password')}<input type="password" name="password" autocomplete="current-password" required></label>
  <button type="submit">${say('sign_in.submit')}</button>
</form>`;
}

export interface ConversationRow {
  id: number;
  kind: 'support' | 'manager';
  email: string;
  account_id: string;
  /** The trader's messages after the operators' read marker. */
  awaiting: number;
  last_message_at: Date | null;
}

export function conversationsView(say: Say, rows: readonly ConversationRow[]): Html {
  if (rows.length === 0) return html`<p>${say('conversations.empty')}</p>`;
  return html`<div class="scroll"><table>
<thead><tr><th>${say('conversations.trader')}</th><th>${say('conversations.kind')}</th><th>${say('conversations.awaiting')}</th><th>${say('conversations.last')}</th></tr></thead>
<tbody>${rows.map(
    (c) => html`<tr>
<td><a href="/backoffice/conversations/${c.id}">${c.email}</a> <small>${c.account_id}</small></td>
<td>${say(`kind.${c.kind}`)}</td>
<td>${c.awaiting > 0 ? html`<span class="badge">${c.awaiting}</span>` : '0'}</td>
<td>${c.last_message_at ? time(c.last_message_at) : ''}</td>
</tr>`,
  )}</tbody></table></div>`;
}

export interface ConversationPageView {
  id: number;
  account: string;
  page: number;
  pages: number;
  items: readonly SupportMessage[];
}

/** A message with its files, each file's size in the operator's language (`t` and `language`). */
const messageItem = (say: Say, m: SupportMessage, t: Translate, language: string) => html`<li class="${m.author}">
<div class="meta">${say(`author.${m.author}`)} · <time datetime="${m.created_at}">${m.created_at.replace('T', ' ').slice(0, 16)}</time></div>
${m.text ? html`<p class="text">${m.text}</p>` : ''}
${m.files.length ? html`<ul>${m.files.map((f) => html`<li><a href="${f.url}">${f.name}</a> (${formatFileSize(f.size, t, language)})</li>`)}</ul>` : ''}
</li>`;

/** `t` translates any key (a file's size is written as the trader's app writes it), in `language`. */
export function conversationView(say: Say, view: ConversationPageView, csrf: string, t: Translate, language: string): Html {
  const { id } = view;
  return html`<p>${say('conversation.account', { account: view.account })}</p>
<nav class="pager" aria-label="${say('conversation.pages')}">
${view.page < view.pages ? html`<a href="/backoffice/conversations/${id}?page=${view.page + 1}">${say('conversation.older')}</a>` : ''}
${view.page > 1 ? html`<a href="/backoffice/conversations/${id}?page=${view.page - 1}">${say('conversation.newer')}</a>` : ''}
</nav>
<ol class="messages">${view.items.map((m) => messageItem(say, m, t, language))}</ol>
<form method="post" action="/backoffice/conversations/${id}/reply" enctype="multipart/form-data">
${csrfField(csrf)}
<label>${say('conversation.reply')}<textarea name="text" maxlength="4000"></textarea></label>
${Array.from({ length: MAX_ATTACHMENTS }, (_, i) => html`<label>${say('conversation.file', { n: i + 1 })}<input type="file" name="file${i}" accept="${ATTACHMENT_ACCEPT}"></label>`)}
<button type="submit">${say('conversation.send')}</button>
</form>`;
}

export interface DepositRow {
  id: number;
  email: string;
  account_id: string;
  amount_cents: number;
  /** The payment system's name as the operator reads it (the server translates money.ps.<slug>). */
  system: string;
  /** The provider implementation that confirms the system's payments (PAYMENT_PROVIDERS names it). */
  provider: string;
  status: 'pending' | 'completed' | 'failed' | 'cancelled';
  created_at: Date;
}

/** The latest deposits with the provider that paid each (a sandbox payment stands out). */
export function depositsView(say: Say, money: Money, rows: readonly DepositRow[]): Html {
  if (rows.length === 0) return html`<p>${say('deposits.empty')}</p>`;
  return html`<div class="scroll"><table>
<thead><tr><th>${say('deposits.id')}</th><th>${say('deposits.trader')}</th><th>${say('deposits.amount')}</th><th>${say('deposits.system')}</th><th>${say('deposits.provider')}</th><th>${say('deposits.status')}</th><th>${say('deposits.created')}</th></tr></thead>
<tbody>${rows.map(
    (d) => html`<tr>
<td>${d.id}</td>
<td>${d.email} <small>${d.account_id}</small></td>
<td>${money(d.amount_cents)}</td>
<td>${d.system}</td>
<td translate="no">${d.provider === 'sandbox' ? html`<strong>${d.provider}</strong>` : d.provider}</td>
<td>${say(`deposits.status_${d.status}`)}</td>
<td>${time(d.created_at)}</td>
</tr>`,
  )}</tbody></table></div>`;
}

export interface ExclusionRow {
  email: string;
  account_id: string;
  /** timeout_24h, timeout_7d, timeout_6w, until_date or rest_of_day (the reality check's stop). */
  kind: string;
  excluded_at: Date | null;
  excluded_until: Date;
}

/** The traders whose self-exclusion runs: operators must not take their money in nor let them trade. */
export function exclusionsView(say: Say, rows: readonly ExclusionRow[], language: string): Html {
  if (rows.length === 0) return html`<p>${say('exclusions.empty')}</p>`;
  return html`<div class="scroll"><table>
<thead><tr><th>${say('exclusions.trader')}</th><th>${say('exclusions.kind')}</th><th>${say('exclusions.since')}</th><th>${say('exclusions.until')}</th></tr></thead>
<tbody>${rows.map(
    (r) => html`<tr>
<td>${r.email} <small>${r.account_id}</small></td>
<td>${isTimeoutKind(r.kind) ? say('exclusions.kind_timeout', { duration: formatDuration(TIMEOUT_PERIODS[r.kind], language) }) : say(`exclusions.kind_${r.kind}`)}</td>
<td>${r.excluded_at ? time(r.excluded_at) : ''}</td>
<td>${time(r.excluded_until)}</td>
</tr>`,
  )}</tbody></table></div>`;
}

export interface KycRow {
  id: number;
  email: string;
  account_id: string;
  kind: 'identity' | 'address';
  name: string;
  created_at: Date;
}

/** The identity documents waiting for review: each opens as a download; a rejection names its reason. */
export function kycView(say: Say, rows: readonly KycRow[], csrf: string): Html {
  if (rows.length === 0) return html`<p>${say('kyc.empty')}</p>`;
  return html`<div class="scroll"><table>
<thead><tr><th>${say('kyc.trader')}</th><th>${say('kyc.kind')}</th><th>${say('kyc.file')}</th><th>${say('kyc.uploaded')}</th><th>${say('kyc.decision')}</th></tr></thead>
<tbody>${rows.map(
    (r) => html`<tr>
<td>${r.email} <small>${r.account_id}</small></td>
<td>${say(`kyc.kind_${r.kind}`)}</td>
<td><a href="/backoffice/kyc/${r.id}/file">${r.name}</a></td>
<td>${time(r.created_at)}</td>
<td><form method="post" action="/backoffice/kyc/${r.id}" class="inline">
${csrfField(csrf)}
<button type="submit" name="decision" value="approve" class="approve">${say('kyc.approve')}</button>
<label>${say('kyc.reason')} <input name="reason" maxlength="500"></label>
<button type="submit" name="decision" value="reject" class="reject">${say('kyc.reject')}</button>
</form></td>
</tr>`,
  )}</tbody></table></div>`;
}

export interface WithdrawalRow {
  id: number;
  email: string;
  account_id: string;
  amount_cents: number;
  /** The payment system's name as the operator reads it (the server translates money.ps.<slug>). */
  system: string;
  created_at: Date;
}

export function withdrawalsView(say: Say, money: Money, rows: readonly WithdrawalRow[], csrf: string): Html {
  if (rows.length === 0) return html`<p>${say('withdrawals.empty')}</p>`;
  return html`<div class="scroll"><table>
<thead><tr><th>${say('withdrawals.id')}</th><th>${say('withdrawals.trader')}</th><th>${say('withdrawals.amount')}</th><th>${say('withdrawals.system')}</th><th>${say('withdrawals.created')}</th><th>${say('withdrawals.decision')}</th></tr></thead>
<tbody>${rows.map(
    (w) => html`<tr>
<td>${w.id}</td>
<td>${w.email} <small>${w.account_id}</small></td>
<td>${money(w.amount_cents)}</td>
<td>${w.system}</td>
<td>${time(w.created_at)}</td>
<td><form method="post" action="/backoffice/withdrawals/${w.id}" class="inline">
${csrfField(csrf)}
<button type="submit" name="decision" value="approve" class="approve">${say('withdrawals.approve')}</button>
<button type="submit" name="decision" value="reject" class="reject">${say('withdrawals.reject')}</button>
</form></td>
</tr>`,
  )}</tbody></table></div>`;
}

export interface TournamentRow {
  id: number;
  kind: 'weekly' | 'special';
  /** As the operator reads it (the weekly one's name is a translation key on the server). */
  name: string;
  starts_at: Date;
  ends_at: Date;
  entry_fee_cents: number;
  start_balance_cents: number;
  prizes_cents: readonly number[];
  status: 'running' | 'finished';
  participants: number;
}

/** The date and time the start and end fields show as their example. */
const DATE_TIME_EXAMPLE = '2026-12-31T18:00';

const TOURNAMENT_FIELDS = ['name', 'name_en', 'starts_at', 'ends_at', 'entry_fee', 'start_balance', 'prizes'] as const;
type TournamentField = (typeof TOURNAMENT_FIELDS)[number];

/** The form's labels, also naming a refused field in the error above the form. */
export const tournamentLabels = (say: Say): Record<TournamentField, string> =>
  Object.fromEntries(TOURNAMENT_FIELDS.map((field) => [field, say(`tournaments.${field}`)])) as Record<TournamentField, string>;

/**
 * A text the operator writes per language: Russian in `name`, English in `${name}_en` (traders read
 * their own language, the other one when theirs is empty), under one legend.
 */
function textPerLanguage(
  say: Say,
  options: { legend: string; name: string; maxLength: number; multiline?: boolean; values?: Partial<Record<string, string>> },
): Html {
  const field = (lang: 'ru' | 'en') => {
    const name = lang === 'ru' ? options.name : `${options.name}_en`;
    const value = options.values?.[name] ?? '';
    const control = options.multiline
      ? html`<textarea name="${name}" lang="${lang}" maxlength="${options.maxLength}">${value}</textarea>`
      : html`<input name="${name}" lang="${lang}" maxlength="${options.maxLength}" value="${value}">`;
    return html`<label>${say(`language.${lang}`)}${control}</label>`;
  };
  return html`<fieldset>
<legend>${options.legend}</legend>
<p><small>${say('language.hint')}</small></p>
${field('ru')}
${field('en')}
</fieldset>`;
}

/** The tournaments with their standing, and the form that opens one with an entry fee. */
export function tournamentsView(
  say: Say,
  money: Money,
  rows: readonly TournamentRow[],
  csrf: string,
  /** The operator's language: the start and the end are typed in its order of day, month and year. */
  language: string,
  /** What the operator typed, given back after a refusal. */
  values: Partial<Record<string, string>> = {},
): Html {
  const labels = tournamentLabels(say);
  // A text field in the language's writing, not the browser's own date picker (which follows the
  // browser's locale); the placeholder shows the order with an example.
  const dateTime = (name: 'starts_at' | 'ends_at') =>
    html`<label>${labels[name]}<input name="${name}" required maxlength="40" autocomplete="off" placeholder="${formatDateTimeInput(DATE_TIME_EXAMPLE, language)}" value="${value(name)}"></label>`;
  const value = (name: TournamentField) => values[name] ?? '';
  const list =
    rows.length === 0
      ? html`<p>${say('tournaments.empty')}</p>`
      : html`<div class="scroll"><table>
<thead><tr><th>${labels.name}</th><th>${say('tournaments.period')}</th><th>${labels.entry_fee}</th><th>${labels.start_balance}</th><th>${labels.prizes}</th><th>${say('tournaments.participants')}</th><th>${say('tournaments.status')}</th></tr></thead>
<tbody>${rows.map(
          (row) => html`<tr>
<td>${row.name} <small>${say(`tournaments.kinds.${row.kind}`)}</small></td>
<td>${time(row.starts_at)} – ${time(row.ends_at)}</td>
<td>${row.entry_fee_cents > 0 ? money(row.entry_fee_cents) : say('tournaments.free')}</td>
<td>${money(row.start_balance_cents)}</td>
<td>${row.prizes_cents.map(money).join(', ') || '—'}</td>
<td>${row.participants}</td>
<td>${say(`tournaments.statuses.${row.status}`)}</td>
</tr>`,
        )}</tbody></table></div>`;
  return html`${list}
<h2>${say('tournaments.create_title')}</h2>
<form method="post" action="/backoffice/tournaments">
${csrfField(csrf)}
${textPerLanguage(say, { legend: labels.name, name: 'name', maxLength: 80, values })}
${dateTime('starts_at')}
${dateTime('ends_at')}
<label>${labels.entry_fee}<input name="entry_fee" required inputmode="decimal" placeholder="${formatNumber(10, language, 2)}" value="${value('entry_fee')}"></label>
<label>${labels.start_balance}<input name="start_balance" required inputmode="decimal" placeholder="${formatNumber(1000, language, 2)}" value="${value('start_balance')}"></label>
<label>${labels.prizes}<input name="prizes" maxlength="200" placeholder="100, 50, 25" value="${value('prizes')}"></label>
<button type="submit">${say('tournaments.create')}</button>
</form>`;
}

export const NOTIFICATION_TYPES = ['info', 'success', 'warning', 'danger'] as const;

export function notifyForm(say: Say, csrf: string): Html {
  return html`<form method="post" action="/backoffice/notify">
${csrfField(csrf)}
<label>${say('notify.account')}<input name="account" required maxlength="254"></label>
${textPerLanguage(say, { legend: say('notify.text'), name: 'title', maxLength: 500, multiline: true })}
<label>${say('notify.type')}<select name="type">${NOTIFICATION_TYPES.map((type) => html`<option value="${type}">${say(`notify.types.${type}`)}</option>`)}</select></label>
<label>${say('notify.link')}<input name="redirect_url" maxlength="500" placeholder="/finances"></label>
<button type="submit">${say('notify.send')}</button>
</form>`;
}
