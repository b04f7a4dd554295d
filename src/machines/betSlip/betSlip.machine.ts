import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { Bet, BetDirection, PlaceBetRequest } from '../../api/contract/bets';
import { moneyFromText } from '../../api/contract/money';
import type { WalletType } from '../../api/contract/envelope';
import type { Platform } from '../../api/contract/market';
import type { Message } from '../money-flow/amount-rules';
import { notProvided } from '../app/failure';
import { toProblem } from '../money-flow/problem';
import type { Problem } from '../money-flow/problem';
import { endTimeOptions } from '../../shared/end-times';
import { decrementStake, incrementStake, stakeError, timingError } from './bet-rules';
import type { SlipPair } from './bet-rules';

export interface PlaceBetInput {
  request: PlaceBetRequest;
  /** A fresh UUID per click: a retry of the same click is answered once by the server. */
  idempotencyKey: string;
}

/** A bet sent again this long after its answer was lost, until one arrives. */
export const RESEND_DELAY_MS = 3000;

export interface BetSlipInput {
  walletType?: WalletType;
  /** Key source, replaced by a predictable one in tests. */
  createKey?: () => string;
  /** Clock, replaced by a fixed one in tests. */
  now?: () => number;
  /** The trader's kept choice: ask before placing (one-click mode off); off when never chosen. */
  confirmBets?: boolean;
}

export interface SlipErrors {
  amount?: Message;
  time?: Message;
  rate?: Message;
}

export interface BetSlipContext {
  pair: SlipPair | null;
  platform: Platform | null;
  walletType: WalletType;
  /** The chosen wallet's balance; null until known (then not checked here, the server checks). */
  balance: number | null;
  amount: string;
  mode: 'interval' | 'endTime';
  interval: number | null;
  endTime: string | null;
  /** Ask before placing (the confirmation modal): one-click mode is off. Kept by `storeConfirmBets`. */
  confirmBets: boolean;
  /** The order being confirmed or placed. */
  direction: BetDirection | null;
  rateId: number | null;
  errors: SlipErrors;
  /**
   * The request last sent with its Idempotency-Key. When its answer is lost (no network, a
   * timeout) the same request goes again with the same key until the server answers, so the
   * bet is placed once whatever happened to the first answer.
   */
  attempt: PlaceBetInput | null;
  /** The attempt's answer was lost at least once: the slip says it is checking, not placing. */
  answerLost: boolean;
  problem: Problem | null;
  lastBet: Bet | null;
  createKey: () => string;
  now: () => number;
}

export type BetSlipEvent =
  | { type: 'slip.configure'; pair: SlipPair | null; platform: Platform | null }
  | { type: 'slip.wallet'; walletType: WalletType; balance: number | null }
  | { type: 'amount.change'; value: string }
  | { type: 'amount.inc'; by: number }
  | { type: 'amount.dec'; by: number }
  | { type: 'mode.choose'; mode: 'interval' | 'endTime' }
  | { type: 'interval.choose'; seconds: number }
  | { type: 'endTime.choose'; endTime: string }
  /** The clock moved (each second): an end time past its purchase cutoff moves to the next one. */
  | { type: 'clock.tick'; now: number }
  | { type: 'confirm.toggle'; on: boolean }
  /** A click on up or down, with the id of the rate the trader saw. */
  | { type: 'bet.place'; direction: BetDirection; rateId: number | null }
  | { type: 'bet.confirm' }
  | { type: 'bet.cancel' }
  | { type: 'failure.dismiss' }
  /** The connection is back: a bet whose answer was lost is sent again at once. */
  | { type: 'connection.back' };

const PLACED_NOTICE_MS = 2500;

/** A click on up or down from any state that accepts one: show what is wrong, ask first, or place. */
const placeOrder = [
  { guard: 'orderInvalid', target: 'editing', actions: ['takeOrder', 'showErrors'] },
  { guard: 'confirmFirst', target: 'confirming', actions: 'takeOrder' },
  { target: 'placing', actions: 'takeOrder' },
] as const;

/**
 * The end time the slip should hold at `now`: the chosen one while it is still on sale, else the
 * nearest one that is. End-time mode always has a valid choice, so the cutoff never clears it.
 */
function currentEndTime(context: Pick<BetSlipContext, 'endTime' | 'platform'>, now: number): string {
  const cutoff = context.platform?.purchase_cutoff ?? 30;
  const chosen = context.endTime ? Date.parse(context.endTime) : Number.NaN;
  if (!Number.isNaN(chosen) && chosen - now >= cutoff * 1000) return context.endTime!;
  const [nearest] = endTimeOptions(now, context.platform?.end_time_step ?? 60, cutoff, 1);
  return new Date(nearest!).toISOString();
}

function validate(context: BetSlipContext): SlipErrors {
  const errors: SlipErrors = {};
  const amount = stakeError(context.amount, context.pair, context.balance);
  if (amount) errors.amount = amount;
  const time = timingError(
    {
      mode: context.mode,
      interval: context.interval,
      endTime: context.endTime,
      purchaseCutoff: context.platform?.purchase_cutoff ?? 30,
    },
    context.now(),
  );
  if (time) errors.time = time;
  if (context.pair && !context.pair.active) errors.rate = { key: 'trading.slip.error.pair_inactive' };
  else if (context.rateId === null) errors.rate = { key: 'trading.slip.error.no_rate' };
  return errors;
}

const amountOnly = (context: BetSlipContext): SlipErrors => {
  const amount = stakeError(context.amount, context.pair, context.balance);
  const { amount: _dropped, ...rest } = context.errors;
  return amount ? { ...rest, amount } : rest;
};

/** The request of the order in the context (validated before). */
function toRequest(context: BetSlipContext): PlaceBetRequest {
  return {
    wallet_type: context.walletType,
    pair_id: context.pair?.id ?? '',
    rate_id: context.rateId ?? 0,
    amount: moneyFromText(context.amount) ?? 0,
    direction: context.direction ?? 'up',
    ...(context.mode === 'interval' ? { interval: context.interval ?? 0 } : { end_time: context.endTime ?? '' }),
  };
}

/**
 * The bet slip: the stake (typed or from the inc buttons, within the pair's limits), the duration
 * (an interval or an end time past the purchase cutoff), then up or down. A click validates, may
 * ask for confirmation, and places the bet with a fresh Idempotency-Key. While placing, further
 * clicks are ignored, so a double click places one bet. A refusal shows the server's translated
 * reason and keeps the draft.
 */
export const betSlipMachine = setup({
  types: {
    context: {} as BetSlipContext,
    events: {} as BetSlipEvent,
    input: {} as BetSlipInput,
  },
  actors: {
    placeBet: fromPromise<Bet, PlaceBetInput>(notProvided('placeBet')),
  },
  actions: {
    takeOrder: assign(({ event }) =>
      event.type === 'bet.place' ? { direction: event.direction, rateId: event.rateId, problem: null } : {},
    ),
    showErrors: assign({ errors: ({ context }) => validate(context) }),
    newAttempt: assign({ attempt: ({ context }) => ({ request: toRequest(context), idempotencyKey: context.createKey() }) }),
    /** Keeps the one-click choice for the next visit. */
    storeConfirmBets: (_, _params: { on: boolean }) => notProvided('storeConfirmBets')(),
    /** The same switch asks (or not) before an early close: the bets statechart is told. */
    shareConfirmBets: enqueueActions(({ system, enqueue }, { on }: { on: boolean }) => {
      const bets = system.get('bets');
      const confirmation = { type: 'close.confirmation', ask: on };
      if (bets) enqueue.sendTo(bets, confirmation);
    }),
    /**
     * Tells the bets statechart at once; the socket's copy of the same bet is deduplicated there.
     * Sent as an action, not from inside one: the bets statechart's own assignments run then.
     */
    announcePlaced: enqueueActions(({ system, context, enqueue }) => {
      const bets = system.get('bets');
      const opened = { type: 'bet.opened', bet: context.lastBet };
      if (bets && context.lastBet) enqueue.sendTo(bets, opened);
    }),
  },
  guards: {
    orderInvalid: ({ context, event }) =>
      event.type === 'bet.place' && Object.keys(validate({ ...context, rateId: event.rateId })).length > 0,
    confirmFirst: ({ context }) => context.confirmBets,
    /** The request may or may not have reached the server: only sending it again tells. */
    answerLost: (_, params: { error: unknown }) => ['network', 'timeout'].includes(toProblem(params.error).code),
  },
}).createMachine({
  id: 'betSlip',
  context: ({ input }) => ({
    pair: null,
    platform: null,
    walletType: input.walletType ?? 'main',
    balance: null,
    amount: '',
    mode: 'interval',
    interval: null,
    endTime: null,
    confirmBets: input.confirmBets ?? false,
    direction: null,
    rateId: null,
    errors: {},
    attempt: null,
    answerLost: false,
    problem: null,
    lastBet: null,
    createKey: input.createKey ?? (() => crypto.randomUUID()),
    now: input.now ?? Date.now,
  }),
  on: {
    'slip.configure': {
      actions: assign(({ context, event }) => {
        const platform = event.platform ?? context.platform;
        const intervals = platform?.intervals ?? [];
        const interval =
          context.interval !== null && intervals.includes(context.interval) ? context.interval : (intervals[0] ?? null);
        // A first stake: the first quick amount within the pair's limits.
        const amount =
          context.amount === '' && event.pair
            ? String(Math.max(event.pair.min_amount, platform?.inc_button[0] ?? event.pair.min_amount))
            : context.amount;
        const next = { ...context, pair: event.pair, platform, interval, amount };
        return { pair: event.pair, platform, interval, amount, errors: context.amount === '' ? {} : amountOnly(next) };
      }),
    },
    'slip.wallet': {
      actions: assign(({ context, event }) => {
        const next = { ...context, walletType: event.walletType, balance: event.balance };
        return { walletType: event.walletType, balance: event.balance, errors: amountOnly(next) };
      }),
    },
    'amount.change': {
      actions: assign(({ context, event }) => ({
        amount: event.value,
        errors: amountOnly({ ...context, amount: event.value }),
      })),
    },
    'amount.inc': {
      actions: assign(({ context, event }) => {
        const amount = incrementStake(context.amount, event.by, context.pair);
        return { amount, errors: amountOnly({ ...context, amount }) };
      }),
    },
    'amount.dec': {
      actions: assign(({ context, event }) => {
        const amount = decrementStake(context.amount, event.by, context.pair);
        return { amount, errors: amountOnly({ ...context, amount }) };
      }),
    },
    'mode.choose': {
      actions: assign(({ context, event }) => {
        const { time: _dropped, ...errors } = context.errors;
        if (event.mode === 'endTime') return { mode: event.mode, errors, endTime: currentEndTime(context, context.now()) };
        return { mode: event.mode, errors };
      }),
    },
    'clock.tick': {
      guard: ({ context, event }) => context.mode === 'endTime' && currentEndTime(context, event.now) !== context.endTime,
      actions: assign(({ context, event }) => {
        const { time: _dropped, ...errors } = context.errors;
        return { endTime: currentEndTime(context, event.now), errors };
      }),
    },
    'interval.choose': {
      actions: assign(({ context, event }) => {
        const { time: _dropped, ...errors } = context.errors;
        return { interval: event.seconds, mode: 'interval' as const, errors };
      }),
    },
    'endTime.choose': {
      actions: assign(({ context, event }) => {
        const { time: _dropped, ...errors } = context.errors;
        return { endTime: event.endTime, mode: 'endTime' as const, errors };
      }),
    },
    'confirm.toggle': {
      actions: [
        assign({ confirmBets: ({ event }) => event.on }),
        { type: 'storeConfirmBets', params: ({ event }) => ({ on: event.on }) },
        { type: 'shareConfirmBets', params: ({ event }) => ({ on: event.on }) },
      ],
    },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'bet.place': placeOrder,
      },
    },
    confirming: {
      on: {
        'bet.confirm': 'placing',
        'bet.cancel': { target: 'editing', actions: assign({ direction: null }) },
        // A second click on up or down while the modal is open is the same order: ignored.
        'bet.place': {},
        // The order on screen is the one confirmed: its end time does not move under the trader.
        'clock.tick': {},
      },
    },
    placing: {
      tags: ['busy'],
      entry: 'newAttempt',
      // Clicks while the bet is on its way are ignored: one click, one bet.
      on: { 'bet.place': {}, 'clock.tick': {} },
      initial: 'sending',
      states: {
        sending: {
          invoke: {
            id: 'placeBet',
            src: 'placeBet',
            input: ({ context }) => context.attempt as PlaceBetInput,
            onDone: {
              target: '#betSlip.placed',
              actions: [assign({ lastBet: ({ event }) => event.output, problem: null, answerLost: false }), 'announcePlaced'],
            },
            onError: [
              {
                guard: { type: 'answerLost', params: ({ event }) => ({ error: event.error }) },
                target: 'waiting',
                actions: assign({ answerLost: true }),
              },
              { target: '#betSlip.failed', actions: assign({ problem: ({ event }) => toProblem(event.error), answerLost: false }) },
            ],
          },
        },
        // The answer was lost: no new order until the last one has one. The same request goes
        // again after a pause, or at once when the connection is back.
        waiting: {
          after: { [RESEND_DELAY_MS]: 'sending' },
          on: { 'connection.back': 'sending' },
        },
      },
    },
    placed: {
      tags: ['placed'],
      after: { [PLACED_NOTICE_MS]: 'editing' },
      on: {
        'bet.place': placeOrder,
      },
    },
    failed: {
      tags: ['error'],
      on: {
        'failure.dismiss': 'editing',
        'bet.place': placeOrder,
      },
    },
  },
});
