import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import Papa from 'papaparse';
import { z } from 'zod';
import { ApiError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { translate } from '../../i18n';
import type { AuthUser } from '../../http/fastify';
import { checkCsrf, csrfToken } from '../backoffice/csrf';
import { html, page, type Html } from '../../../../shared/backoffice/html';
import type { Say } from '../../../../shared/backoffice/views';
import {
  controlsView,
  exposureLive,
  exposureView,
  resultsView,
  riskNav,
  type RISK_WALLETS,
  signalsView,
  traderView,
  type ExposureViewData,
} from '../../../../shared/backoffice/risk-views';
import { formatUsd, fromCents } from '../../../../src/api/contract/money';
import { projectFile } from '../../project-files';
import {
  accountParamsSchema,
  houseLimitFormSchema,
  pageSchema,
  pairParamsSchema,
  pairStateFormSchema,
  payoutFormSchema,
  rangeSchema,
  signalsFormSchema,
  stakeLimitFormSchema,
  suspensionFormSchema,
  walletQuerySchema,
} from './forms';
import { exposure, exposureHistory } from './exposure';
import { results } from './results';
import { riskSettings } from './settings';
import { signals, traderBets } from './signals';
import { AUDIT_PAGE, auditLog, changePair, controlledTraders, pairsForControls, setHouseLimit, setSignalSettings, setStakeLimit, setSuspension } from './desk-controls';

const liveScript = readFileSync(projectFile('server/src/modules/risk/live.js'), 'utf8');

type Flash = { kind: 'ok' | 'error'; text: string } | null;

/** What the back office's routes lend the risk desk: the page shell, the sign-in page and the error text. */
export interface BackofficeShell {
  send: (reply: FastifyReply, body: string, status?: number) => FastifyReply;
  signInPage: (request: FastifyRequest, reply: FastifyReply, error: string | null, status?: number) => FastifyReply;
  errorText: (request: FastifyRequest, error: unknown, labels?: Record<string, string>) => string;
}

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
export async function riskDeskRoutes(app: FastifyInstance, shell: BackofficeShell): Promise<void> {
  const db = app.database.db;
  const sayFor = (request: FastifyRequest): Say => (key, params) => translate(request.locale, `risk.${key}`, params);
  const moneyFor = (request: FastifyRequest) => (cents: number) => formatUsd(fromCents(cents), request.locale);
  const isRisk = (request: FastifyRequest) => request.user?.role === 'risk';

  /** The page a risk operator sees; the sign-in page for the signed out; 403 for everyone else. */
  async function riskPage(
    request: FastifyRequest,
    reply: FastifyReply,
    options: { current: string; title: string; body: (csrf: string, operator: AuthUser) => Html | Promise<Html>; flash?: Flash; status?: number },
  ) {
    const csrf = csrfToken(request, reply);
    const operator = request.user;
    if (!operator) return shell.signInPage(request, reply, null);
    if (operator.role !== 'risk') return shell.signInPage(request, reply, translate(request.locale, 'risk.not_risk'), 403);
    const say = sayFor(request);
    return shell.send(
      reply,
      page({
        lang: request.locale,
        title: options.title,
        nav: riskNav(say, options.current),
        signOut: { label: translate(request.locale, 'support.backoffice.sign_out'), csrf },
        flash: options.flash ?? null,
        body: await options.body(csrf, operator),
      }),
      options.status,
    );
  }

  /** A risk operator and the form's token, checked before a POST changes anything. */
  function requireRiskForm(request: FastifyRequest, token: unknown): AuthUser {
    checkCsrf(request, token);
    if (!request.user) throw new ApiError('unauthenticated');
    if (request.user.role !== 'risk') throw new ApiError('forbidden');
    return request.user;
  }

  async function exposureData(wallet: (typeof RISK_WALLETS)[number]): Promise<ExposureViewData> {
    const [now, history] = await Promise.all([exposure(db, wallet), exposureHistory(db, wallet)]);
    return { ...now, wallet, history };
  }

  app.get('/backoffice/risk/live.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(liveScript),
  );

  app.get('/backoffice/risk', async (request, reply) => {
    const { wallet } = parseInput(walletQuerySchema, request.query);
    return riskPage(request, reply, {
      current: 'exposure',
      title: translate(request.locale, 'risk.exposure.title'),
      body: async () => exposureView(sayFor(request), moneyFor(request), await exposureData(wallet), request.locale),
    });
  });

  // Server-sent events: the live part of the exposure page, sent again whenever it changed (checked
  // every second, so each tick and each placement shows within a second).
  const streams = new Set<{ timer: NodeJS.Timeout; raw: ServerResponse }>();
  app.addHook('preClose', async () => {
    for (const stream of streams) {
      clearInterval(stream.timer);
      stream.raw.end();
    }
    streams.clear();
  });
  app.get('/backoffice/risk/exposure/stream', async (request, reply) => {
    if (!request.user) throw new ApiError('unauthenticated');
    if (!isRisk(request)) throw new ApiError('forbidden');
    const { wallet } = parseInput(walletQuerySchema, request.query);
    const say = sayFor(request);
    const money = moneyFor(request);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
    let last = '';
    let busy = false;
    const push = async () => {
      if (busy) return;
      busy = true;
      try {
        const fragment = exposureLive(say, money, await exposureData(wallet), request.locale).text;
        if (fragment !== last) {
          last = fragment;
          raw.write(`event: exposure\ndata: ${JSON.stringify({ html: fragment })}\n\n`);
        }
      } catch (error) {
        request.log.warn({ err: error }, 'exposure stream');
      } finally {
        busy = false;
      }
    };
    const stream = { timer: setInterval(() => void push(), 1000), raw };
    streams.add(stream);
    request.raw.on('close', () => {
      clearInterval(stream.timer);
      streams.delete(stream);
    });
    await push();
  });

  app.get('/backoffice/risk/results', async (request, reply) => {
    const range = parseInput(rangeSchema, request.query);
    return riskPage(request, reply, {
      current: 'results',
      title: translate(request.locale, 'risk.results.title'),
      body: async () => resultsView(sayFor(request), moneyFor(request), await results(db, range)),
    });
  });

  app.get('/backoffice/risk/results.csv', async (request, reply) => {
    if (!request.user) throw new ApiError('unauthenticated');
    if (!isRisk(request)) throw new ApiError('forbidden');
    const range = parseInput(rangeSchema, request.query);
    const data = await results(db, range);
    const say = sayFor(request);
    const dollars = (cents: number) => fromCents(cents);
    const rows: (string | number)[][] = [
      [say('csv.section'), say('csv.key'), say('results.bets'), say('results.stakes'), say('results.returned'), say('results.house')],
      ...data.byDay.map((r) => ['day', r.key, r.bets, dollars(r.stakes_cents), dollars(r.returned_cents), dollars(r.house_cents)]),
      ...data.byPair.map((r) => ['pair', r.key, r.bets, dollars(r.stakes_cents), dollars(r.returned_cents), dollars(r.house_cents)]),
      ...data.byWallet.map((r) => ['wallet', r.key, r.bets, dollars(r.stakes_cents), dollars(r.returned_cents), dollars(r.house_cents)]),
      ...data.byTournament.map((r) => ['tournament', translate(request.locale, r.name), r.entries, dollars(r.fees_cents), dollars(r.prizes_cents), dollars(r.house_cents)]),
    ];
    const csv = Papa.unparse(rows.map((row) => row.map(csvCell)));
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="house-results-${range.from}-${range.to}.csv"`)
      .send(csv);
  });

  app.get('/backoffice/risk/signals', async (request, reply) => {
    const range = parseInput(rangeSchema, request.query);
    return riskPage(request, reply, {
      current: 'signals',
      title: translate(request.locale, 'risk.signals.title'),
      body: async () => {
        const settings = await riskSettings(db);
        const found = await signals(db, range, settings);
        return signalsView(sayFor(request), moneyFor(request), { range, alpha: settings.false_alarm_rate, fastBetMs: settings.fast_bet_ms, ...found });
      },
    });
  });

  async function controlsPage(request: FastifyRequest, reply: FastifyReply, pageNumber = 1, flash: Flash = null) {
    return riskPage(request, reply, {
      current: 'controls',
      title: translate(request.locale, 'risk.controls.title'),
      flash,
      status: flash?.kind === 'error' ? 422 : 200,
      body: async (csrf) => {
        const [pairs, settings, traders, audit] = await Promise.all([
          pairsForControls(db),
          riskSettings(db),
          controlledTraders(db),
          auditLog(db, pageNumber),
        ]);
        return controlsView(
          sayFor(request),
          moneyFor(request),
          {
            pairs,
            houseLimitCents: settings.house_limit_cents,
            alpha: settings.false_alarm_rate,
            fastBetMs: settings.fast_bet_ms,
            traders: traders.map((t) => ({ ...t, max_stake_cents: t.max_stake_cents === null ? null : Number(t.max_stake_cents) })),
            audit: audit.map((a) => ({ ...a, id: Number(a.id) })),
            page: pageNumber,
            more: audit.length === AUDIT_PAGE,
          },
          csrf,
        );
      },
    });
  }

  app.get('/backoffice/risk/controls', async (request, reply) => {
    const { page: pageNumber } = parseInput(pageSchema, request.query);
    return controlsPage(request, reply, pageNumber);
  });

  app.get('/backoffice/risk/traders', async (request, reply) => {
    const { account } = parseInput(z.object({ account: z.string().trim().min(1).max(32) }), request.query);
    if (!isRisk(request)) return riskPage(request, reply, { current: '', title: '', body: () => html`` });
    return reply.redirect(`/backoffice/risk/traders/${encodeURIComponent(account)}`, 303);
  });

  async function traderPage(request: FastifyRequest, reply: FastifyReply, account: string, flash: Flash = null) {
    const found = isRisk(request) ? await traderBets(db, account) : null;
    if (isRisk(request) && !found) {
      return controlsPage(request, reply, 1, { kind: 'error', text: translate(request.locale, 'risk.error.no_trader') });
    }
    return riskPage(request, reply, {
      current: 'controls',
      title: translate(request.locale, 'risk.trader.title', { account }),
      flash,
      status: flash?.kind === 'error' ? 422 : 200,
      body: (csrf) =>
        traderView(
          sayFor(request),
          moneyFor(request),
          {
            account_id: found!.user.account_id,
            email: found!.user.email,
            maxStakeCents: found!.controls?.max_stake_cents == null ? null : Number(found!.controls.max_stake_cents),
            suspendedReason: found!.controls?.suspended_reason ?? null,
            bets: found!.bets.map((b) => ({
              ...b,
              id: Number(b.id),
              amount_cents: Number(b.amount_cents),
              returned_cents: b.returned_cents === null ? null : Number(b.returned_cents),
              opened_at: new Date(b.opened_at),
            })),
          },
          csrf,
        ),
    });
  }

  app.get('/backoffice/risk/traders/:account', async (request, reply) => {
    const { account } = parseInput(accountParamsSchema, request.params);
    return traderPage(request, reply, account);
  });

  /**
   * Runs one control: the operator and token first, then the form; a refusal is shown on the page
   * in the operator's language and changes nothing, a success says what was done.
   */
  async function control<S extends z.ZodType>(
    request: FastifyRequest,
    reply: FastifyReply,
    schema: S,
    run: (form: z.output<S>, operator: AuthUser) => Promise<{ done: string; account?: string }>,
    labels: Record<string, string> = {},
  ) {
    const operator = requireRiskForm(request, (request.body as Record<string, unknown> | null)?._csrf);
    const account = typeof (request.body as Record<string, unknown> | null)?.account === 'string' ? String((request.body as Record<string, unknown>).account).trim() : undefined;
    let flash: Flash;
    let shown = account;
    try {
      const result = await run(parseInput(schema, request.body), operator);
      flash = { kind: 'ok', text: result.done };
      shown = result.account ?? account;
    } catch (error) {
      flash = { kind: 'error', text: shell.errorText(request, error, labels) };
    }
    if (shown && flash.kind === 'ok') return traderPage(request, reply, shown, flash);
    if (shown && (await traderBets(db, shown))) return traderPage(request, reply, shown, flash);
    return controlsPage(request, reply, 1, flash);
  }

  const labelsFor = (request: FastifyRequest, fields: string[]) =>
    Object.fromEntries(fields.map((f) => [f, translate(request.locale, `risk.field.${f}`)]));

  app.post('/backoffice/risk/controls/pairs/:pair/payout', async (request, reply) => {
    const { pair } = parseInput(pairParamsSchema, request.params);
    return control(request, reply, payoutFormSchema, async (form, operator) => {
      await changePair(db, app.bus, { operatorId: operator.id, reason: form.reason }, pair, { payout: form.payout });
      return { done: translate(request.locale, 'risk.done.payout', { pair, payout: form.payout }) };
    }, labelsFor(request, ['payout', 'reason', 'pair_id']));
  });

  app.post('/backoffice/risk/controls/pairs/:pair/state', async (request, reply) => {
    const { pair } = parseInput(pairParamsSchema, request.params);
    return control(request, reply, pairStateFormSchema, async (form, operator) => {
      await changePair(db, app.bus, { operatorId: operator.id, reason: form.reason }, pair, { active: form.action === 'resume' });
      return { done: translate(request.locale, `risk.done.pair_${form.action}`, { pair }) };
    }, labelsFor(request, ['reason', 'pair_id']));
  });

  app.post('/backoffice/risk/controls/house-limit', async (request, reply) =>
    control(request, reply, houseLimitFormSchema, async (form, operator) => {
      await setHouseLimit(db, { operatorId: operator.id, reason: form.reason }, form.limit);
      return { done: translate(request.locale, 'risk.done.house_limit') };
    }, labelsFor(request, ['limit', 'reason'])),
  );

  app.post('/backoffice/risk/controls/signals', async (request, reply) =>
    control(request, reply, signalsFormSchema, async (form, operator) => {
      await setSignalSettings(db, { operatorId: operator.id, reason: form.reason }, { false_alarm_rate: form.false_alarm_rate, fast_bet_ms: form.fast_bet_ms });
      return { done: translate(request.locale, 'risk.done.signals') };
    }, labelsFor(request, ['false_alarm_rate', 'fast_bet_ms', 'reason'])),
  );

  app.post('/backoffice/risk/controls/stake-limit', async (request, reply) =>
    control(request, reply, stakeLimitFormSchema, async (form, operator) => {
      await setStakeLimit(db, { operatorId: operator.id, reason: form.reason }, form.account, form.max_stake);
      return { done: translate(request.locale, 'risk.done.stake_limit'), account: form.account };
    }, labelsFor(request, ['account', 'max_stake', 'reason'])),
  );

  app.post('/backoffice/risk/controls/suspension', async (request, reply) =>
    control(request, reply, suspensionFormSchema, async (form, operator) => {
      await setSuspension(db, { operatorId: operator.id, reason: form.reason }, form.account, form.action === 'suspend' ? form.message : null);
      return { done: translate(request.locale, `risk.done.${form.action}`), account: form.account };
    }, labelsFor(request, ['account', 'message', 'reason'])),
  );
}
