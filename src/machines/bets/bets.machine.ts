import { and, assign, enqueueActions, fromCallback, fromPromise, raise, setup } from 'xstate';
import type { AnyActorRef } from 'xstate';
import type { Bet, BetListPayload, CloseBetRequest, CloseQuote } from '../../api/contract/bets';
import { betSchema, closeQuoteSchema } from '../../api/contract/bets';
import type { WalletType } from '../../api/contract/envelope';
import type { Tick } from '../../api/contract/realtime';
import { notProvided } from '../app/failure';
import { toProblem } from '../money-flow/problem';
import type { Problem } from '../money-flow/problem';
import { closingSound } from './bet-math';
import type { TradingSound } from './bet-math';

export interface BetsInput {
  walletType?: WalletType;
  now?: () => number;
  /** Ask before selling a bet back; false is the trader's one-click mode. */
  confirmClose?: boolean;
  /** A fresh Idempotency-Key per close (a UUID). */
  createKey?: () => string;
}

/** A sell-back offer as the bets machine keeps it: with the time it arrived, on this client's clock. */
export interface HeldQuote extends CloseQuote {
  receivedAt: number;
}

/** The sale in progress or just answered: which bet, at which offer, under which key. */
export interface CloseAttempt {
  betId: number;
  request: CloseBetRequest;
  amount: number;
  idempotencyKey: string;
}

export interface BetsContext {
  walletType: WalletType;
  opened: Bet[];
  /** The last settled bets, newest first. */
  closed: Bet[];
  /**
   * Settled bets whose result is still to be shown; the first is on screen. A bet of another
   * wallet (the trader switched away while it ran) is announced here too, naming its wallet.
   */
  results: Bet[];
  /** Ids of the other wallets' results already queued, so a repeated push is announced once. */
  announcedElsewhere: number[];
  /** The latest price of every pair, for the live profit or loss of open bets. */
  rates: Record<string, number>;
  /** The clock the countdowns run on, advanced every second. */
  now: number;
  clock: () => number;
  problem: Problem | null;
  /** The latest sell-back offer of each open bet, by bet id. */
  quotes: Record<number, HeldQuote>;
  confirmClose: boolean;
  createKey: () => string;
  /** The bet being closed (or just closed or refused). */
  closing: CloseAttempt | null;
  closeProblem: Problem | null;
}

export type BetsEvent =
  | { type: 'bets.wallet'; walletType: WalletType }
  | { type: 'bets.retry' }
  /** A bet this client just placed. */
  | { type: 'bet.opened'; bet: Bet }
  /** A bet as the server pushed it over the socket (opened or settled). */
  | { type: 'bet.update'; bet: unknown }
  | { type: 'market.tick'; tick: Tick & { pair_id: string } }
  | { type: 'clock.tick'; now: number }
  | { type: 'result.dismiss' }
  /** The server's sell-back offers (`close_quotes` over the socket). */
  | { type: 'close.quotes'; quotes: unknown }
  | { type: 'close.request'; betId: number }
  | { type: 'close.confirm' }
  | { type: 'close.cancel' }
  | { type: 'close.dismiss' }
  /** The trader's one-click switch (the slip's): ask before selling back, or sell at once. */
  | { type: 'close.confirmation'; ask: boolean };

export const CLOSED_KEPT = 20;
/** A result notification stays this long unless dismissed. */
export const RESULT_SHOWN_MS = 6000;
/**
 * An offer is taken for at most this long after it arrived (the server holds it 5 s after its
 * tick): a socket that stops bringing offers leaves the close button without a stale price.
 */
export const QUOTE_SHOWN_MS = 4000;
/** "Closed for ..." stays this long on the bet's button. */
export const CLOSED_SHOWN_MS = 3000;

/** The bet's offer, if one is live at `now`. */
export const liveQuote = (context: Pick<BetsContext, 'quotes'>, betId: number, now: number): HeldQuote | null => {
  const quote = context.quotes[betId];
  return quote && now - quote.receivedAt < QUOTE_SHOWN_MS ? quote : null;
};

/** Asking to close: to the confirmation, or straight to the sale in one-click mode; nothing without a live offer. */
const requestClose = [
  { guard: and(['hasQuote', 'confirmFirst']), target: 'confirming', actions: 'takeQuote' },
  { guard: 'hasQuote', target: 'closing', actions: 'takeQuote' },
] as const;

const byExpiry = (a: Bet, b: Bet) => Date.parse(a.expires_at) - Date.parse(b.expires_at);

/** Reads the audio statechart's switch without depending on its module: `enabled` in its context. */
function soundEnabled(audio: AnyActorRef | undefined): boolean {
  const context = audio?.getSnapshot()?.context as { enabled?: unknown } | undefined;
  return context?.enabled !== false;
}

/**
 * The trader's bets in the chosen wallet: the open ones with a live countdown and a live profit or
 * loss from the ticks, the last closed ones, and the queue of results to show (of every wallet:
 * a bet of another wallet that settles meanwhile is announced too). A bet arriving
 * twice (from the slip and from the socket) is kept once; a result is queued once; the deal-open,
 * profit-close and loss-close sounds play when the sound is on.
 */
export const betsMachine = setup({
  types: {
    context: {} as BetsContext,
    events: {} as BetsEvent,
    input: {} as BetsInput,
  },
  actors: {
    loadBets: fromPromise<BetListPayload, { walletType: WalletType }>(notProvided('loadBets')),
    closeBet: fromPromise<Bet, { request: CloseBetRequest; idempotencyKey: string }>(notProvided('closeBet')),
    /** Ticks the countdowns once a second. */
    clock: fromCallback<BetsEvent, { now: () => number }>(({ sendBack, input }) => {
      const timer = setInterval(() => sendBack({ type: 'clock.tick', now: input.now() }), 1000);
      return () => clearInterval(timer);
    }),
  },
  actions: {
    playSound: (_, _params: { sound: TradingSound }) => notProvided('playSound')(),
    /** A settled bet's result, also outside the page (a system notification while the tab is hidden). */
    announceResult: (_, _params: { bet: Bet }) => undefined,
    nextResult: assign({ results: ({ context }) => context.results.slice(1) }),
    /** Takes the bet's live offer under a fresh key. */
    takeQuote: assign({
      closing: ({ context, event }) => {
        const betId = (event as Extract<BetsEvent, { type: 'close.request' }>).betId;
        const quote = liveQuote(context, betId, context.clock())!;
        return { betId, request: { bet_id: betId, quote_id: quote.quote_id }, amount: quote.amount, idempotencyKey: context.createKey() };
      },
      closeProblem: null,
    }),
    retakeQuote: assign({
      closing: ({ context }) => {
        const { betId } = context.closing!;
        const quote = liveQuote(context, betId, context.clock())!;
        return { ...context.closing!, request: { bet_id: betId, quote_id: quote.quote_id }, amount: quote.amount };
      },
    }),
  },
  guards: {
    hasQuote: ({ context, event }) =>
      event.type === 'close.request' && context.opened.some((bet) => bet.id === event.betId) && liveQuote(context, event.betId, context.clock()) !== null,
    confirmFirst: ({ context }) => context.confirmClose,
    confirmedQuote: ({ context }) => context.closing !== null && liveQuote(context, context.closing.betId, context.clock()) !== null,
    /** The bet being confirmed was settled meanwhile: nothing is left to sell. */
    closingGone: ({ context }) => context.closing !== null && !context.opened.some((bet) => bet.id === context.closing!.betId),
  },
}).createMachine({
  id: 'bets',
  type: 'parallel',
  context: ({ input }) => {
    const clock = input.now ?? Date.now;
    return {
      walletType: input.walletType ?? 'main',
      opened: [],
      closed: [],
      results: [],
      announcedElsewhere: [],
      rates: {},
      now: clock(),
      clock,
      problem: null,
      quotes: {},
      confirmClose: input.confirmClose ?? true,
      createKey: input.createKey ?? (() => crypto.randomUUID()),
      closing: null,
      closeProblem: null,
    };
  },
  invoke: { src: 'clock', input: ({ context }) => ({ now: context.clock }) },
  on: {
    'clock.tick': { actions: assign({ now: ({ event }) => event.now }) },
    'close.confirmation': { actions: assign({ confirmClose: ({ event }) => event.ask }) },
    'close.quotes': {
      actions: assign({
        quotes: ({ context, event }) => {
          const parsed = closeQuoteSchema.array().safeParse(event.quotes);
          if (!parsed.success) return context.quotes;
          const receivedAt = context.clock();
          const open = new Set(context.opened.map((bet) => bet.id));
          const kept = Object.fromEntries(Object.entries(context.quotes).filter(([id]) => open.has(Number(id))));
          for (const quote of parsed.data) kept[quote.bet_id] = { ...quote, receivedAt };
          return kept;
        },
      }),
    },
    'market.tick': {
      actions: assign({ rates: ({ context, event }) => ({ ...context.rates, [event.tick.pair_id]: event.tick.v }) }),
    },
    // The slip's copy of a bet it placed goes the same way as the socket's.
    'bet.opened': { actions: raise(({ event }) => ({ type: 'bet.update' as const, bet: event.bet })) },
    'bet.update': {
      actions: enqueueActions(({ context, event, enqueue, system }) => {
        // The socket's copy is checked against the contract; a malformed one is dropped.
        const parsed = betSchema.safeParse(event.bet);
        if (!parsed.success) return;
        const change = receive(context, parsed.data);
        if (!change) return;
        enqueue.assign(change.lists);
        if (change.lists.results) enqueue({ type: 'announceResult', params: { bet: parsed.data } });
        if (change.sound && soundEnabled(system.get('audio')))
          enqueue({ type: 'playSound', params: { sound: change.sound } });
      }),
    },
  },
  states: {
    list: {
      initial: 'loading',
      on: {
        'bets.wallet': {
          guard: ({ context, event }) => context.walletType !== event.walletType,
          target: '.loading',
          // Results still waiting stay queued: they are announced with the wallet they belong to.
          actions: assign({ walletType: ({ event }) => event.walletType, opened: [], closed: [] }),
        },
      },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'loadBets',
            input: ({ context }) => ({ walletType: context.walletType }),
            onDone: {
              target: 'ready',
              actions: assign(({ event }) => ({
                opened: [...event.output.opened].sort(byExpiry),
                closed: event.output.closed.slice(0, CLOSED_KEPT),
                problem: null,
              })),
            },
            onError: { target: 'failed', actions: assign({ problem: ({ event }) => toProblem(event.error) }) },
          },
        },
        ready: {},
        failed: { tags: ['error'], on: { 'bets.retry': 'loading' } },
      },
    },
    /**
     * Selling a bet back: the trader asks (only with a live offer), confirms unless one-click mode
     * is on, the sale goes with its own Idempotency-Key, and the answer shows on the bet's button:
     * the sold bet goes the way of any settled one (closed list, result), a refusal says why.
     */
    close: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'close.request': requestClose,
          },
        },
        confirming: {
          always: { guard: 'closingGone', target: 'idle', actions: assign({ closing: null }) },
          on: {
            // The latest offer at the moment of confirming is the one sold; without one, confirming waits for it.
            'close.confirm': { guard: 'confirmedQuote', target: 'closing', actions: 'retakeQuote' },
            'close.cancel': { target: 'idle', actions: assign({ closing: null }) },
          },
        },
        closing: {
          tags: ['closing'],
          invoke: {
            id: 'closeBet',
            src: 'closeBet',
            input: ({ context }) => ({ request: context.closing!.request, idempotencyKey: context.closing!.idempotencyKey }),
            onDone: { target: 'closed', actions: raise(({ event }) => ({ type: 'bet.update' as const, bet: event.output })) },
            onError: { target: 'refused', actions: assign({ closeProblem: ({ event }) => toProblem(event.error) }) },
          },
        },
        closed: {
          after: { [CLOSED_SHOWN_MS]: { target: 'idle', actions: assign({ closing: null }) } },
          on: { 'close.dismiss': { target: 'idle', actions: assign({ closing: null }) } },
        },
        refused: {
          on: {
            'close.dismiss': { target: 'idle', actions: assign({ closing: null, closeProblem: null }) },
            'close.request': requestClose,
          },
        },
      },
    },
    result: {
      initial: 'idle',
      states: {
        idle: { always: { guard: ({ context }) => context.results.length > 0, target: 'showing' } },
        showing: {
          after: { [RESULT_SHOWN_MS]: { target: 'idle', actions: 'nextResult' } },
          on: { 'result.dismiss': { target: 'idle', actions: 'nextResult' } },
        },
      },
    },
  },
});

interface Received {
  lists: Partial<Pick<BetsContext, 'opened' | 'closed' | 'results' | 'announcedElsewhere'>>;
  sound: TradingSound | null;
}

/** How one bet changes the lists (a new open bet, or the settlement of one), or null when it changes nothing. */
function receive(context: BetsContext, bet: Bet): Received | null {
  if (bet.wallet_type !== context.walletType) {
    // Another wallet's lists are not shown here, but its results are: a settled bet is never dropped silently.
    if (bet.status === 'open' || context.announcedElsewhere.includes(bet.id)) return null;
    return {
      lists: { results: [...context.results, bet], announcedElsewhere: [bet.id, ...context.announcedElsewhere].slice(0, CLOSED_KEPT) },
      sound: closingSound(bet),
    };
  }
  if (context.closed.some((held) => held.id === bet.id)) return null;
  if (bet.status === 'open') {
    if (context.opened.some((held) => held.id === bet.id)) return null;
    return { lists: { opened: [...context.opened, bet].sort(byExpiry) }, sound: 'deal-open' };
  }
  return {
    lists: {
      opened: context.opened.filter((held) => held.id !== bet.id),
      closed: [bet, ...context.closed].slice(0, CLOSED_KEPT),
      results: [...context.results, bet],
    },
    sound: closingSound(bet),
  };
}
