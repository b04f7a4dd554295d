import { assign, enqueueActions, fromCallback, fromPromise, raise, setup } from 'xstate';
import type { AnyActorRef } from 'xstate';
import type { Bet, BetListPayload } from '../../api/contract/bets';
import { betSchema } from '../../api/contract/bets';
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
  | { type: 'result.dismiss' };

export const CLOSED_KEPT = 20;
/** A result notification stays this long unless dismissed. */
export const RESULT_SHOWN_MS = 6000;

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
    };
  },
  invoke: { src: 'clock', input: ({ context }) => ({ now: context.clock }) },
  on: {
    'clock.tick': { actions: assign({ now: ({ event }) => event.now }) },
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
