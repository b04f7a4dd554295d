import { assign, fromPromise, setup } from 'xstate';
import type { BetHistoryPayload, BetHistoryQuery } from '../../api/contract/bets';
import type { PairListPayload } from '../../api/contract/market';
import type { Message } from '../../machines/money-flow/amount-rules';
import { notProvided } from '../../machines/app/failure';
import { toProblem } from '../../machines/money-flow/problem';
import type { Problem } from '../../machines/money-flow/problem';
import type { BetHistoryFilters } from '../../ui/trading/BetHistory';

export const BET_HISTORY_PER_PAGE = 20;

export const NO_FILTERS: BetHistoryFilters = { wallet_type: '', pair_id: '', status: '', from: '', to: '' };

export interface BetHistoryInput {
  /** The wallet in use: the history opens on it, so play money and real money are not summed. */
  walletType?: BetHistoryFilters['wallet_type'];
}

/** The filters the history opens with (and a reset returns to): the wallet in use, nothing else. */
export const startFilters = (input: BetHistoryInput | undefined): BetHistoryFilters => ({ ...NO_FILTERS, wallet_type: input?.walletType ?? '' });

export interface BetHistoryContext {
  /** What the history opens with and a reset returns to. */
  start: BetHistoryFilters;
  /** What the form shows, applied with `filters.apply`. */
  draft: BetHistoryFilters;
  /** What the shown page was asked with. */
  applied: BetHistoryFilters;
  page: number;
  perPage: number;
  history: BetHistoryPayload | null;
  pairs: { id: string; symbol: string }[];
  /** A filter the form cannot send (a range that ends before it starts). */
  invalid: Message | null;
  problem: Problem | null;
}

export type BetHistoryEvent =
  | { type: 'filters.change'; filters: BetHistoryFilters }
  | { type: 'filters.apply' }
  | { type: 'filters.reset' }
  | { type: 'page.change'; page: number }
  | { type: 'retry' };

/** The query of a page: only the filters that are set. */
export function historyQuery(filters: BetHistoryFilters, page: number, perPage: number): BetHistoryQuery {
  return {
    ...(filters.wallet_type ? { wallet_type: filters.wallet_type } : {}),
    ...(filters.pair_id ? { pair_id: filters.pair_id } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    page: String(page),
    per_page: String(perPage),
  };
}

/** Days are 'YYYY-MM-DD', so their text order is their time order. */
const rangeError = (filters: BetHistoryFilters): Message | null =>
  filters.from && filters.to && filters.from > filters.to ? { key: 'trading.history.error.range' } : null;

/**
 * The bets history: a page of bets with the totals of everything the filters match. It opens on
 * the wallet in use, so its totals never mix play money with real money. Filters are
 * edited as a draft and applied together (back to the first page); the pairs for the pair filter
 * load beside it, and the history works without them.
 */
export const betHistoryMachine = setup({
  types: { context: {} as BetHistoryContext, events: {} as BetHistoryEvent, input: {} as BetHistoryInput | undefined },
  actors: {
    loadHistory: fromPromise<BetHistoryPayload, BetHistoryQuery>(notProvided('loadHistory')),
    loadPairs: fromPromise<PairListPayload>(notProvided('loadPairs')),
  },
  guards: {
    rangeValid: ({ context }) => rangeError(context.draft) === null,
    pageInRange: ({ context, event }) => {
      if (event.type !== 'page.change') return false;
      const pages = Math.max(1, Math.ceil((context.history?.total ?? 0) / context.perPage));
      return event.page >= 1 && event.page <= pages && event.page !== context.page;
    },
  },
}).createMachine({
  id: 'betHistory',
  context: ({ input }) => ({
    start: startFilters(input),
    draft: startFilters(input),
    applied: startFilters(input),
    page: 1,
    perPage: BET_HISTORY_PER_PAGE,
    history: null,
    pairs: [],
    invalid: null,
    problem: null,
  }),
  type: 'parallel',
  states: {
    pairs: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadPairs',
            onDone: {
              target: 'done',
              actions: assign({
                pairs: ({ event }) => event.output.items.map((pair) => ({ id: pair.id, symbol: pair.symbol })),
              }),
            },
            // Without the list the pair filter only offers "all"; the history itself still works.
            onError: 'done',
          },
        },
        done: {},
      },
    },
    history: {
      initial: 'loading',
      on: {
        'filters.change': { actions: assign({ draft: ({ event }) => event.filters, invalid: null }) },
        'filters.apply': [
          {
            guard: 'rangeValid',
            target: '.loading',
            actions: assign({ applied: ({ context }) => context.draft, page: 1, invalid: null }),
          },
          { actions: assign({ invalid: ({ context }) => rangeError(context.draft) }) },
        ],
        'filters.reset': {
          target: '.loading',
          actions: assign(({ context }) => ({ draft: context.start, applied: context.start, page: 1, invalid: null })),
        },
        'page.change': {
          guard: 'pageInRange',
          target: '.loading',
          actions: assign({ page: ({ event }) => event.page }),
        },
      },
      states: {
        // jscpd:ignore-start: the paged list's loading states, the same statechart shape as the
        // finances' history list (a declaration per machine: its actions are typed by its context).
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'loadHistory',
            input: ({ context }) => historyQuery(context.applied, context.page, context.perPage),
            onDone: { target: 'ready', actions: assign({ history: ({ event }) => event.output, problem: null }) },
            onError: { target: 'failed', actions: assign({ problem: ({ event }) => toProblem(event.error) }) },
          },
        },
        ready: {},
        failed: { tags: ['error'], on: { retry: 'loading' } },
        // jscpd:ignore-end
      },
    },
  },
});
