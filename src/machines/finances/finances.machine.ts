import { assign, fromPromise, setup } from 'xstate';
import type { Finances, PaymentHistoryPayload, PaymentHistoryQuery, PaymentKind, PaymentStatus } from '../../api/contract/payments';
import { notProvided } from '../app/failure';
import { toProblem, type Problem } from '../money-flow/problem';

export interface FinanceFilters {
  type: PaymentKind | null;
  status: PaymentStatus | null;
}

export interface FinancesContext {
  filters: FinanceFilters;
  page: number;
  perPage: number;
  finances: Finances | null;
  history: PaymentHistoryPayload | null;
  problem: Problem | null;
}

export type FinancesEvent =
  | { type: 'filters.change'; filters: FinanceFilters }
  | { type: 'page.change'; page: number }
  | { type: 'retry' };

export const FINANCE_HISTORY_PER_PAGE = 10;

/** The finance page: the main wallet's summary and the history, refetched on each filter or page. */
export const financesMachine = setup({
  types: { context: {} as FinancesContext, events: {} as FinancesEvent },
  actors: {
    loadFinances: fromPromise<Finances>(notProvided('loadFinances')),
    loadHistory: fromPromise<PaymentHistoryPayload, PaymentHistoryQuery>(notProvided('loadHistory')),
  },
}).createMachine({
  id: 'finances',
  context: { filters: { type: null, status: null }, page: 1, perPage: FINANCE_HISTORY_PER_PAGE, finances: null, history: null, problem: null },
  type: 'parallel',
  states: {
    summary: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'summary',
            src: 'loadFinances',
            onDone: { target: 'ready', actions: assign({ finances: ({ event }) => event.output }) },
            // The summary is secondary: its failure shows in the history's error with its retry.
            onError: 'ready',
          },
        },
        ready: { on: { retry: { guard: ({ context }) => context.finances === null, target: 'loading' } } },
      },
    },
    history: {
      initial: 'loading',
      on: {
        'filters.change': { target: '.loading', actions: assign({ filters: ({ event }) => event.filters, page: 1 }) },
        'page.change': { guard: ({ event }) => event.page >= 1, target: '.loading', actions: assign({ page: ({ event }) => event.page }) },
      },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'history',
            src: 'loadHistory',
            input: ({ context }) => ({
              ...(context.filters.type ? { type: context.filters.type } : {}),
              ...(context.filters.status ? { status: context.filters.status } : {}),
              page: String(context.page),
              per_page: String(context.perPage),
            }),
            onDone: { target: 'ready', actions: assign({ history: ({ event }) => event.output, problem: null }) },
            onError: { target: 'failed', actions: assign({ problem: ({ event }) => toProblem(event.error) }) },
          },
        },
        ready: {},
        failed: { tags: ['error'], on: { retry: 'loading' } },
      },
    },
  },
});
