import { formatDuration } from '../../src/shared/duration';
import { formatDateInput, formatNumber, formatPercent, formatScaleNumber, parseDateInput } from '../../src/shared/format';
import { html, type Html } from './html';
import type { Money, Say } from './views';
import { exposureChart, resultBars } from './risk-charts';

/**
 * The risk desk's pages (issue 19) as pure functions of their data, like views.ts. `say`
 * translates a key below `risk.`.
 */
const utc = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 19);
const time = (date: Date) => html`<time datetime="${date.toISOString()}">${utc(date)}</time>`;
const csrfField = (csrf: string) => html`<input type="hidden" name="_csrf" value="${csrf}">`;
const traderLink = (account: string) => html`<a href="/backoffice/risk/traders/${account}">${account}</a>`;
/** A count (bets, entries) in the page's language: '1 400' / '1,400'. */
const counter = (language: string) => (n: number) => formatNumber(n, language);

const RISK_SECTIONS = [
  { name: 'exposure', href: '/backoffice/risk' },
  { name: 'results', href: '/backoffice/risk/results' },
  { name: 'signals', href: '/backoffice/risk/signals' },
  { name: 'controls', href: '/backoffice/risk/controls' },
] as const;

export const riskNav = (say: Say, current: string) =>
  RISK_SECTIONS.map((section) => ({ href: section.href, label: say(`nav.${section.name}`), current: section.name === current }));

export const RISK_WALLETS = ['main', 'tournament', 'demo'] as const;
type RiskWallet = (typeof RISK_WALLETS)[number];

export interface ExposureViewData {
  wallet: RiskWallet;
  rows: readonly { pair_id: string; symbol: string; direction: 'up' | 'down'; bucket: string; bets: number; stakes_cents: number; pays_if_all_win_cents: number; pays_if_price_holds_cents: number }[];
  stakes_cents: number;
  pays_if_all_win_cents: number;
  pays_if_price_holds_cents: number;
  worst_case_cents: number;
  house_limit_cents: number | null;
  history: readonly { t: number; worst_case_cents: number }[];
}

/** The live part of the exposure page: replaced as a whole by the page's script on every update. */
export function exposureLive(say: Say, money: Money, data: ExposureViewData, language: string): Html {
  const bucket = (b: string) => (b === 'later' ? say('exposure.bucket_later') : formatDuration(Number(b), language, 'short'));
  const limit = data.house_limit_cents;
  const over = data.wallet === 'main' && limit !== null && data.worst_case_cents >= limit;
  return html`<dl class="figures">
<div><dt>${say('exposure.stakes')}</dt><dd data-figure="stakes">${money(data.stakes_cents)}</dd></div>
<div><dt>${say('exposure.all_win')}</dt><dd>${money(data.pays_if_all_win_cents)}</dd></div>
<div><dt>${say('exposure.price_holds')}</dt><dd>${money(data.pays_if_price_holds_cents)}</dd></div>
<div${over ? html` class="over"` : ''}><dt>${say('exposure.worst_case')}</dt><dd data-figure="worst">${money(data.worst_case_cents)}${data.wallet === 'main' ? html` / ${limit === null ? say('exposure.no_limit') : money(limit)}` : ''}</dd></div>
</dl>
${exposureChart(data.history, data.wallet === 'main' ? limit : null, say('exposure.chart'), money)}
${data.rows.length === 0
    ? html`<p>${say('exposure.empty')}</p>`
    : html`<div class="scroll"><table>
<thead><tr><th>${say('exposure.pair')}</th><th>${say('exposure.direction')}</th><th>${say('exposure.expiry')}</th><th>${say('exposure.bets')}</th><th>${say('exposure.stakes')}</th><th>${say('exposure.all_win')}</th><th>${say('exposure.price_holds')}</th></tr></thead>
<tbody>${data.rows.map(
        (r) => html`<tr>
<td>${r.symbol}</td><td>${say(`direction.${r.direction}`)}</td><td>${bucket(r.bucket)}</td><td>${formatNumber(r.bets, language)}</td>
<td>${money(r.stakes_cents)}</td><td>${money(r.pays_if_all_win_cents)}</td><td>${money(r.pays_if_price_holds_cents)}</td>
</tr>`,
      )}</tbody></table></div>`}`;
}

export function exposureView(say: Say, money: Money, data: ExposureViewData, language: string): Html {
  return html`<nav class="pager" aria-label="${say('exposure.wallets')}">${RISK_WALLETS.map(
    (w) => html`<a href="/backoffice/risk?wallet=${w}"${w === data.wallet ? html` aria-current="page"` : ''}>${say(`wallet.${w}`)}</a>`,
  )}</nav>
<p>${say(data.wallet === 'main' ? 'exposure.money_note' : 'exposure.play_note')}</p>
<section id="exposure-live" aria-live="polite" data-stream="/backoffice/risk/exposure/stream?wallet=${data.wallet}">
${exposureLive(say, money, data, language)}
</section>
<script src="/backoffice/risk/live.js" defer></script>`;
}

/** The house's result by day, by pair (its symbol), by wallet type and by tournament (its name in the reader's language). */
export interface ResultsViewData {
  range: { from: string; to: string };
  byDay: readonly { key: string; bets: number; stakes_cents: number; returned_cents: number; house_cents: number }[];
  byPair: readonly { key: string; bets: number; stakes_cents: number; returned_cents: number; house_cents: number }[];
  byWallet: readonly { key: string; bets: number; stakes_cents: number; returned_cents: number; house_cents: number }[];
  byTournament: readonly { key: string; name: string; entries: number; fees_cents: number; prizes_cents: number; house_cents: number }[];
  total_house_cents: number;
}

function resultTable(say: Say, money: Money, count: (n: number) => string, heading: string, rows: ResultsViewData['byDay'], label: (key: string) => string = (k) => k): Html {
  if (rows.length === 0) return html`<p>${say('results.empty')}</p>`;
  return html`<div class="scroll"><table>
<thead><tr><th>${heading}</th><th>${say('results.bets')}</th><th>${say('results.stakes')}</th><th>${say('results.returned')}</th><th>${say('results.house')}</th></tr></thead>
<tbody>${rows.map((r) => html`<tr><td>${label(r.key)}</td><td>${count(r.bets)}</td><td>${money(r.stakes_cents)}</td><td>${money(r.returned_cents)}</td><td>${money(r.house_cents)}</td></tr>`)}</tbody></table></div>`;
}

/**
 * The range of days a page shows, typed in the language's order of day, month and year: a text
 * field, not the browser's date picker, which writes the browser's order (11/19/2026), not the page's.
 */
const rangeForm = (say: Say, action: string, range: { from: string; to: string }, language: string) => html`<form method="get" action="${action}" class="range">
<label>${say('results.from')}<input name="from" required maxlength="20" autocomplete="off" value="${formatDateInput(range.from, language)}"></label>
<label>${say('results.to')}<input name="to" required maxlength="20" autocomplete="off" value="${formatDateInput(range.to, language)}"></label>
<button type="submit">${say('results.show')}</button>
</form>`;

/** A day of the range form as yyyy-mm-dd, read as `rangeForm` writes it (or year first, as links carry it); null when unreadable. */
export const rangeDay = (text: string, language: string): string | null => parseDateInput(text, language);

export function resultsView(say: Say, money: Money, data: ResultsViewData, language: string): Html {
  const query = `from=${data.range.from}&to=${data.range.to}`;
  const count = counter(language);
  // A day (yyyy-mm-dd, a UTC day) in the language's order of day, month and year.
  const day = (key: string) => formatDateInput(key, language);
  return html`${rangeForm(say, '/backoffice/risk/results', data.range, language)}
<p><a href="/backoffice/risk/results.csv?${query}" download>${say('results.csv')}</a></p>
<p class="total">${say('results.total', { amount: money(data.total_house_cents) })}</p>
<h2>${say('results.by_day')}</h2>
${resultBars(data.byDay, say('results.by_day'), money, day)}
${resultTable(say, money, count, say('results.day'), data.byDay, day)}
<h2>${say('results.by_pair')}</h2>
${resultBars(data.byPair, say('results.by_pair'), money)}
${resultTable(say, money, count, say('results.pair'), data.byPair)}
<h2>${say('results.by_wallet')}</h2>
<p>${say('results.wallet_note')}</p>
${resultTable(say, money, count, say('results.wallet'), data.byWallet, (k) => say(`wallet.${k}`))}
<h2>${say('results.by_tournament')}</h2>
${data.byTournament.length === 0
    ? html`<p>${say('results.empty')}</p>`
    : html`<div class="scroll"><table>
<thead><tr><th>${say('results.tournament')}</th><th>${say('results.entries')}</th><th>${say('results.fees')}</th><th>${say('results.prizes')}</th><th>${say('results.house')}</th></tr></thead>
<tbody>${data.byTournament.map((r) => html`<tr><td>${r.name}</td><td>${count(r.entries)}</td><td>${money(r.fees_cents)}</td><td>${money(r.prizes_cents)}</td><td>${money(r.house_cents)}</td></tr>`)}</tbody></table></div>`}`;
}

export interface SignalsViewData {
  range: { from: string; to: string };
  alpha: number;
  fastBetMs: number;
  winRate: readonly { account_id: string; email: string; bets: number; wins: number; p: number; pValue: number }[];
  fastBets: readonly { account_id: string; email: string; fast: number; favourable: number; pValue: number }[];
  /**
   * Accounts seen from one address or one browser, and when last. A browser is known by its device
   * cookie's id, a secret of that browser: it is never shown, only the address is.
   */
  shared: readonly { kind: 'ip' | 'device'; address: string | null; accounts: string[]; last_seen_at: Date }[];
  cycles: readonly { account_id: string; email: string; deposits_cents: number; withdrawals_cents: number; stakes_cents: number }[];
}

/** Below this a probability is written as "below" it: its digits would be a row of zeros. */
const SMALLEST_P = 1e-6;
/** A probability with two significant digits in the page's language ('0,0000055'), never in exponent notation. */
const probability = (say: Say, p: number, language: string) =>
  p < SMALLEST_P ? say('signals.p_below', { p: formatScaleNumber(SMALLEST_P, language) }) : formatScaleNumber(p, language);

export function signalsView(say: Say, money: Money, data: SignalsViewData, language: string): Html {
  const none = html`<p>${say('signals.none')}</p>`;
  const count = counter(language);
  const pValue = (p: number) => probability(say, p, language);
  return html`${rangeForm(say, '/backoffice/risk/signals', data.range, language)}
<p>${say('signals.alpha_note', { alpha: formatScaleNumber(data.alpha, language), ms: count(data.fastBetMs) })}</p>
<h2>${say('signals.win_rate')}</h2>
${data.winRate.length === 0 ? none : html`<div class="scroll"><table>
<thead><tr><th>${say('signals.trader')}</th><th>${say('signals.wins')}</th><th>${say('signals.break_even')}</th><th>${say('signals.p_value')}</th></tr></thead>
<tbody>${data.winRate.map((s) => html`<tr><td>${traderLink(s.account_id)} <small>${s.email}</small></td><td>${count(s.wins)} / ${count(s.bets)}</td><td>${formatPercent(s.p * 100, language, 1)}</td><td>${pValue(s.pValue)}</td></tr>`)}</tbody></table></div>`}
<h2>${say('signals.fast_bets')}</h2>
${data.fastBets.length === 0 ? none : html`<div class="scroll"><table>
<thead><tr><th>${say('signals.trader')}</th><th>${say('signals.favourable')}</th><th>${say('signals.p_value')}</th></tr></thead>
<tbody>${data.fastBets.map((s) => html`<tr><td>${traderLink(s.account_id)} <small>${s.email}</small></td><td>${count(s.favourable)} / ${count(s.fast)}</td><td>${pValue(s.pValue)}</td></tr>`)}</tbody></table></div>`}
<h2>${say('signals.shared')}</h2>
${data.shared.length === 0 ? none : html`<div class="scroll"><table>
<thead><tr><th>${say('signals.origin')}</th><th>${say('signals.accounts')}</th></tr></thead>
<tbody>${data.shared.map((s) => html`<tr><td>${say(`signals.kind_${s.kind}`)}${s.address === null ? '' : html` <small translate="no">${s.address}</small>`}<br><small>${say('signals.last_seen')} ${time(s.last_seen_at)}</small></td><td>${s.accounts.map((a, i) => html`${i ? ', ' : ''}${traderLink(a)}`)}</td></tr>`)}</tbody></table></div>`}
<h2>${say('signals.cycles')}</h2>
${data.cycles.length === 0 ? none : html`<div class="scroll"><table>
<thead><tr><th>${say('signals.trader')}</th><th>${say('signals.deposits')}</th><th>${say('signals.withdrawals')}</th><th>${say('signals.stakes')}</th></tr></thead>
<tbody>${data.cycles.map((s) => html`<tr><td>${traderLink(s.account_id)} <small>${s.email}</small></td><td>${money(s.deposits_cents)}</td><td>${money(s.withdrawals_cents)}</td><td>${money(s.stakes_cents)}</td></tr>`)}</tbody></table></div>`}`;
}

export interface TraderBetRow {
  id: number;
  wallet_type: string;
  symbol: string;
  /** The pair's decimals, which its rates are written with. */
  digits: number;
  direction: 'up' | 'down';
  amount_cents: number;
  payout_percent: number;
  status: string;
  opened_at: Date;
  open_tick_id: number;
  open_tick_t: number;
  open_rate: number;
  close_tick_id: number | null;
  close_tick_t: number | null;
  close_rate: number | null;
  returned_cents: number | null;
}

const tick = (id: number | null, t: number | null, v: number | null, digits: number, language: string) =>
  id === null || t === null || v === null ? '—' : html`${formatNumber(v, language, digits)} <small>#${id} · ${time(new Date(Number(t)))}</small>`;

/** The evidence: a trader's bets with their entry and exit ticks, and the controls that apply to the account. */
export function traderView(
  say: Say,
  money: Money,
  data: { account_id: string; email: string; maxStakeCents: number | null; suspendedReason: string | null; bets: readonly TraderBetRow[] },
  csrf: string,
  language: string,
): Html {
  return html`<p>${data.email} · ${data.account_id}</p>
<p>${data.suspendedReason !== null ? say('trader.suspended', { reason: data.suspendedReason }) : say('trader.active')}
${data.maxStakeCents !== null ? html` · ${say('trader.stake_limit', { amount: money(data.maxStakeCents) })}` : ''}</p>
${traderControlForms(say, csrf, data.account_id, data.suspendedReason !== null)}
<h2>${say('trader.bets')}</h2>
${data.bets.length === 0 ? html`<p>${say('trader.no_bets')}</p>` : html`<div class="scroll"><table>
<thead><tr><th>${say('trader.bet')}</th><th>${say('exposure.pair')}</th><th>${say('exposure.direction')}</th><th>${say('trader.amount')}</th><th>${say('trader.entry')}</th><th>${say('trader.exit')}</th><th>${say('trader.status')}</th></tr></thead>
<tbody>${data.bets.map(
    (b) => html`<tr>
<td>${b.id} <small>${say(`wallet.${b.wallet_type}`)} · ${time(b.opened_at)}</small></td>
<td>${b.symbol}</td><td>${say(`direction.${b.direction}`)}</td>
<td>${money(b.amount_cents)} <small>${formatPercent(b.payout_percent, language)}</small></td>
<td>${tick(b.open_tick_id, b.open_tick_t, b.open_rate, b.digits, language)}</td>
<td>${tick(b.close_tick_id, b.close_tick_t, b.close_rate, b.digits, language)}</td>
<td>${say(`status.${b.status}`)}${b.returned_cents !== null ? html` <small>${money(b.returned_cents)}</small>` : ''}</td>
</tr>`,
  )}</tbody></table></div>`}`;
}

const reasonField = (say: Say) => html`<label>${say('controls.reason')}<input name="reason" required maxlength="500"></label>`;

function traderControlForms(say: Say, csrf: string, account: string, suspended: boolean): Html {
  return html`<div class="forms">
<form method="post" action="/backoffice/risk/controls/stake-limit">
${csrfField(csrf)}<input type="hidden" name="account" value="${account}">
<label>${say('controls.max_stake')}<input name="max_stake" inputmode="decimal" placeholder="${say('controls.empty_lifts')}"></label>
${reasonField(say)}
<button type="submit">${say('controls.set_limit')}</button>
</form>
<form method="post" action="/backoffice/risk/controls/suspension">
${csrfField(csrf)}<input type="hidden" name="account" value="${account}">
${suspended ? html`<input type="hidden" name="action" value="resume">` : html`<input type="hidden" name="action" value="suspend"><label>${say('controls.message')}<input name="message" required maxlength="300"></label>`}
${reasonField(say)}
<button type="submit" class="${suspended ? 'approve' : 'reject'}">${say(suspended ? 'controls.resume_trader' : 'controls.suspend_trader')}</button>
</form>
</div>`;
}

export interface ControlsViewData {
  pairs: readonly { id: string; symbol: string; payout_percent: number; active: boolean }[];
  houseLimitCents: number | null;
  alpha: number;
  fastBetMs: number;
  traders: readonly { account_id: string; email: string; max_stake_cents: number | null; suspended_reason: string | null }[];
  audit: readonly { id: number; action: string; target: string; details: unknown; reason: string; created_at: Date; operator: string }[];
  page: number;
  more: boolean;
}

/** What a field of an audit row's details is called on the page. */
const AUDIT_FIELDS: Record<string, string> = {
  payout: 'field.payout',
  active: 'controls.state',
  limit: 'field.limit',
  max_stake: 'field.max_stake',
  message: 'field.message',
  false_alarm_rate: 'field.false_alarm_rate',
  fast_bet_ms: 'field.fast_bet_ms',
};
/** The field of the actions whose details are one value before and after (desk-controls.ts); the others keep an object of fields. */
const AUDIT_VALUE_FIELD: Record<string, string> = {
  'trader.stake_limit': 'max_stake',
  'trader.suspend': 'message',
  'trader.resume': 'message',
  'house.limit': 'limit',
};

const fieldsOf = (action: string, value: unknown): Record<string, unknown> => {
  const field = AUDIT_VALUE_FIELD[action];
  if (field) return { [field]: value };
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
};

/**
 * An audit row's details ({before, after}, as desk-controls.ts writes them) as the page's label and
 * value pairs: the fields the action changed as "before → after", or every field when it changed
 * none. A field the page does not know is left out.
 */
function auditDetails(say: Say, money: Money, action: string, details: unknown, language: string): string {
  const { before, after } = typeof details === 'object' && details !== null ? (details as { before?: unknown; after?: unknown }) : {};
  const [was, is] = [fieldsOf(action, before), fieldsOf(action, after)];
  const write = (field: string, value: unknown): string => {
    if (value === null || value === undefined) return field === 'limit' || field === 'max_stake' ? say('exposure.no_limit') : '—';
    if (field === 'active') return say(value ? 'controls.pair_active' : 'controls.pair_suspended');
    if (typeof value !== 'number') return String(value);
    if (field === 'payout') return formatPercent(value, language);
    if (field === 'limit' || field === 'max_stake') return money(value);
    if (field === 'fast_bet_ms') return say('audit.ms', { ms: formatNumber(value, language) });
    return formatScaleNumber(value, language);
  };
  const rows = Object.keys(AUDIT_FIELDS)
    .filter((field) => field in was || field in is)
    .map((field) => ({ label: say(AUDIT_FIELDS[field]!), was: write(field, was[field]), is: write(field, is[field]) }));
  const changed = rows.filter((r) => r.was !== r.is);
  return (changed.length > 0 ? changed.map((r) => `${r.label}: ${r.was} → ${r.is}`) : rows.map((r) => `${r.label}: ${r.is}`)).join('; ');
}

/** What an audit row acted on: a pair by its symbol, a trader linked to his page, the house as the whole platform. */
function auditTarget(say: Say, action: string, target: string, symbols: ReadonlyMap<string, string>): Html | string {
  if (action.startsWith('pair.')) return symbols.get(target) ?? target;
  if (action.startsWith('trader.')) return traderLink(target);
  return target === 'house' ? say('audit.whole_platform') : target;
}

export function controlsView(say: Say, money: Money, data: ControlsViewData, csrf: string, language: string): Html {
  const symbols = new Map(data.pairs.map((p) => [p.id, p.symbol]));
  return html`<h2>${say('controls.pairs')}</h2>
<div class="scroll"><table>
<thead><tr><th>${say('exposure.pair')}</th><th>${say('controls.payout')}</th><th>${say('controls.state')}</th></tr></thead>
<tbody>${data.pairs.map(
    (p) => html`<tr>
<td>${p.symbol}</td>
<td><form method="post" action="/backoffice/risk/controls/pairs/${p.id}/payout" class="row">
${csrfField(csrf)}
<label>${say('controls.payout')}<input name="payout" type="number" min="0" max="100" required value="${p.payout_percent}"></label>
${reasonField(say)}
<button type="submit">${say('controls.change')}</button>
</form></td>
<td><form method="post" action="/backoffice/risk/controls/pairs/${p.id}/state" class="row">
${csrfField(csrf)}<input type="hidden" name="action" value="${p.active ? 'suspend' : 'resume'}">
${say(p.active ? 'controls.pair_active' : 'controls.pair_suspended')}
${reasonField(say)}
<button type="submit" class="${p.active ? 'reject' : 'approve'}">${say(p.active ? 'controls.suspend_pair' : 'controls.resume_pair')}</button>
</form></td>
</tr>`,
  )}</tbody></table></div>
<h2>${say('controls.house')}</h2>
<form method="post" action="/backoffice/risk/controls/house-limit">
${csrfField(csrf)}
<label>${say('controls.house_limit', { current: data.houseLimitCents === null ? say('exposure.no_limit') : money(data.houseLimitCents) })}<input name="limit" inputmode="decimal" placeholder="${say('controls.empty_lifts')}"></label>
${reasonField(say)}
<button type="submit">${say('controls.change')}</button>
</form>
<h2>${say('controls.signals')}</h2>
<form method="post" action="/backoffice/risk/controls/signals">
${csrfField(csrf)}
<label>${say('controls.alpha')}<input name="false_alarm_rate" inputmode="decimal" required value="${formatScaleNumber(data.alpha, language)}"></label>
<label>${say('controls.fast_bet_ms')}<input name="fast_bet_ms" type="number" min="1" max="5000" required value="${data.fastBetMs}"></label>
${reasonField(say)}
<button type="submit">${say('controls.change')}</button>
</form>
<h2>${say('controls.trader')}</h2>
<form method="get" action="/backoffice/risk/traders">
<label>${say('controls.account')}<input name="account" required maxlength="32"></label>
<button type="submit">${say('controls.open_trader')}</button>
</form>
${data.traders.length === 0 ? '' : html`<div class="scroll"><table>
<thead><tr><th>${say('signals.trader')}</th><th>${say('controls.max_stake')}</th><th>${say('controls.message')}</th></tr></thead>
<tbody>${data.traders.map((t) => html`<tr><td>${traderLink(t.account_id)} <small>${t.email}</small></td><td>${t.max_stake_cents === null ? '—' : money(Number(t.max_stake_cents))}</td><td>${t.suspended_reason ?? '—'}</td></tr>`)}</tbody></table></div>`}
<h2>${say('controls.audit')}</h2>
${data.audit.length === 0 ? html`<p>${say('controls.audit_empty')}</p>` : html`<div class="scroll"><table>
<thead><tr><th>${say('controls.when')}</th><th>${say('controls.who')}</th><th>${say('controls.what')}</th><th>${say('controls.reason')}</th></tr></thead>
<tbody>${data.audit.map(
    (a) => html`<tr><td>${time(a.created_at)}</td><td>${a.operator}</td><td>${say(`audit.${a.action}`)} · ${auditTarget(say, a.action, a.target, symbols)}<br><small>${auditDetails(say, money, a.action, a.details, language)}</small></td><td>${a.reason}</td></tr>`,
  )}</tbody></table></div>`}
<nav class="pager" aria-label="${say('controls.audit')}">
${data.more ? html`<a href="/backoffice/risk/controls?page=${data.page + 1}">${say('controls.older')}</a>` : ''}
${data.page > 1 ? html`<a href="/backoffice/risk/controls?page=${data.page - 1}">${say('controls.newer')}</a>` : ''}
</nav>`;
}
