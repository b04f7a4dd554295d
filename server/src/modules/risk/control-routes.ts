import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '../../i18n';
import type { AuthUser } from '../../http/fastify';
import { signedInUser } from '../../http/signed-in-user';
import { controlsView, traderView } from '../../../../shared/backoffice/risk-views';
import { errorText, formProblem, moneyFor, postedFields, type Flash } from '../backoffice/shell';
import {
  accountParamsSchema,
  accountQuerySchema,
  houseLimitFormSchema,
  pageSchema,
  pairParamsSchema,
  pairStateFormSchema,
  payoutFormSchema,
  signalsFormSchema,
  stakeLimitFormSchema,
  suspensionFormSchema,
} from './forms';
import { riskSettings } from './settings';
import { traderBets } from './signals';
import { AUDIT_PAGE, auditLog, changePair, controlledTraders, pairsForControls, setHouseLimit, setSignalSettings, setStakeLimit, setSuspension } from './desk-controls';
import { riskForms, riskPage, riskPages, riskSay } from './desk-page';

/** What a control did, and the trader whose page shows it (when it was about one). */
type ControlDone = { done: string; account?: string };

/** The risk desk's controls: the pairs, the house limit, the signals' settings, and each trader's stake limit and suspension, with the audit log. */
export async function riskControlRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // A control's form is read with attachValidation: its problem is shown on the page (formProblem).
  const controlForms = { ...riskForms, attachValidation: true };

  async function controlsPage(request: FastifyRequest, reply: FastifyReply, pageNumber = 1, flash: Flash = null) {
    return riskPage(request, reply, {
      current: 'controls',
      title: translate(request.locale, 'risk.controls.title'),
      flash,
      status: flash?.kind === 'error' ? 422 : 200,
      body: async (csrf) => {
        const [pairs, settings, traders, audit] = await Promise.all([pairsForControls(db), riskSettings(db), controlledTraders(db), auditLog(db, pageNumber)]);
        return controlsView(
          riskSay(request),
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
          request.locale,
        );
      },
    });
  }

  api.get('/backoffice/risk/controls', { ...riskPages, schema: { querystring: pageSchema } }, async (request, reply) => controlsPage(request, reply, request.query.page));

  api.get('/backoffice/risk/traders', { ...riskPages, schema: { querystring: accountQuerySchema } }, async (request, reply) =>
    reply.redirect(`/backoffice/risk/traders/${encodeURIComponent(request.query.account)}`, 303),
  );

  async function traderPage(request: FastifyRequest, reply: FastifyReply, account: string, flash: Flash = null) {
    const found = await traderBets(db, account);
    if (!found) return controlsPage(request, reply, 1, { kind: 'error', text: translate(request.locale, 'risk.error.no_trader') });
    return riskPage(request, reply, {
      current: 'controls',
      title: translate(request.locale, 'risk.trader.title', { account }),
      flash,
      status: flash?.kind === 'error' ? 422 : 200,
      body: (csrf) =>
        traderView(
          riskSay(request),
          moneyFor(request),
          {
            account_id: found.user.account_id,
            email: found.user.email,
            maxStakeCents: found.controls?.max_stake_cents == null ? null : Number(found.controls.max_stake_cents),
            suspendedReason: found.controls?.suspended_reason ?? null,
            bets: found.bets.map((b) => ({
              ...b,
              id: Number(b.id),
              amount_cents: Number(b.amount_cents),
              returned_cents: b.returned_cents === null ? null : Number(b.returned_cents),
              opened_at: new Date(b.opened_at),
            })),
          },
          csrf,
          request.locale,
        ),
    });
  }

  api.get('/backoffice/risk/traders/:account', { ...riskPages, schema: { params: accountParamsSchema } }, async (request, reply) =>
    traderPage(request, reply, request.params.account),
  );

  /**
   * Runs one control once its guard passed (operator and token): a refusal, the form's own
   * problem included, is shown on the page in the operator's language and changes nothing; a
   * success says what was done. `fields` names the form's fields for the refusal.
   */
  async function control(request: FastifyRequest, reply: FastifyReply, fields: string[], run: (operator: AuthUser) => Promise<ControlDone>) {
    const problem = formProblem(request);
    const posted = postedFields(request).account;
    const account = typeof posted === 'string' ? posted.trim() : undefined;
    let flash: Flash;
    let shown = account;
    try {
      if (problem) throw problem;
      const result = await run(signedInUser(request));
      flash = { kind: 'ok', text: result.done };
      shown = result.account ?? account;
    } catch (error) {
      const labels = Object.fromEntries(fields.map((f) => [f, translate(request.locale, `risk.field.${f}`)]));
      flash = { kind: 'error', text: errorText(request, error, labels) };
    }
    if (shown && flash.kind === 'ok') return traderPage(request, reply, shown, flash);
    if (shown && (await traderBets(db, shown))) return traderPage(request, reply, shown, flash);
    return controlsPage(request, reply, 1, flash);
  }

  const pairControl = { ...controlForms, schema: { params: pairParamsSchema } };

  api.post('/backoffice/risk/controls/pairs/:pair/payout', { ...pairControl, schema: { ...pairControl.schema, body: payoutFormSchema } }, async (request, reply) =>
    control(request, reply, ['payout', 'reason', 'pair_id'], async (operator) => {
      const { params: { pair }, body: form } = request;
      const symbol = await changePair(db, app.bus, { operatorId: operator.id, reason: form.reason }, pair, { payout: form.payout });
      return { done: translate(request.locale, 'risk.done.payout', { pair: symbol, payout: form.payout }) };
    }),
  );

  api.post('/backoffice/risk/controls/pairs/:pair/state', { ...pairControl, schema: { ...pairControl.schema, body: pairStateFormSchema } }, async (request, reply) =>
    control(request, reply, ['reason', 'pair_id'], async (operator) => {
      const { params: { pair }, body: form } = request;
      const symbol = await changePair(db, app.bus, { operatorId: operator.id, reason: form.reason }, pair, { active: form.action === 'resume' });
      return { done: translate(request.locale, `risk.done.pair_${form.action}`, { pair: symbol }) };
    }),
  );

  api.post('/backoffice/risk/controls/house-limit', { ...controlForms, schema: { body: houseLimitFormSchema } }, async (request, reply) =>
    control(request, reply, ['limit', 'reason'], async (operator) => {
      await setHouseLimit(db, { operatorId: operator.id, reason: request.body.reason }, request.body.limit);
      return { done: translate(request.locale, 'risk.done.house_limit') };
    }),
  );

  api.post('/backoffice/risk/controls/signals', { ...controlForms, schema: { body: signalsFormSchema } }, async (request, reply) =>
    control(request, reply, ['false_alarm_rate', 'fast_bet_ms', 'reason'], async (operator) => {
      const { false_alarm_rate, fast_bet_ms, reason } = request.body;
      await setSignalSettings(db, { operatorId: operator.id, reason }, { false_alarm_rate, fast_bet_ms });
      return { done: translate(request.locale, 'risk.done.signals') };
    }),
  );

  api.post('/backoffice/risk/controls/stake-limit', { ...controlForms, schema: { body: stakeLimitFormSchema } }, async (request, reply) =>
    control(request, reply, ['account', 'max_stake', 'reason'], async (operator) => {
      const form = request.body;
      await setStakeLimit(db, { operatorId: operator.id, reason: form.reason }, form.account, form.max_stake);
      return { done: translate(request.locale, 'risk.done.stake_limit'), account: form.account };
    }),
  );

  api.post('/backoffice/risk/controls/suspension', { ...controlForms, schema: { body: suspensionFormSchema } }, async (request, reply) =>
    control(request, reply, ['account', 'message', 'reason'], async (operator) => {
      const form = request.body;
      await setSuspension(db, { operatorId: operator.id, reason: form.reason }, form.account, form.action === 'suspend' ? form.message : null);
      return { done: translate(request.locale, `risk.done.${form.action}`), account: form.account };
    }),
  );
}
