import { assign, fromPromise, raise, setup } from 'xstate';
import type {
  Deposit,
  DepositIntegrationPayload,
  Finances,
  PaymentHistoryPayload,
  PaymentHistoryQuery,
  PaymentKind,
  PaymentStatus,
} from '../../api/contract/payments';
import { notProvided } from '../app/failure';
import { checkoutActions } from '../payment-status/checkout-waiting';
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
  /** The pending deposit being continued or cancelled. */
  depositId: number | null;
  /** Why continuing or cancelling a pending deposit failed (already translated by the server). */
  depositProblem: Problem | null;
  /** The deposit the trader just cancelled, to say so. */
  cancelledDeposit: Deposit | null;
}

export type FinancesEvent =
  | { type: 'filters.change'; filters: FinanceFilters }
  | { type: 'page.change'; page: number }
  | { type: 'retry' }
  /** Back to the checkout of one's own pending deposit. */
  | { type: 'deposit.resume'; id: number }
  | { type: 'deposit.cancel'; id: number }
  | { type: 'history.reload' };

export const FINANCE_HISTORY_PER_PAGE = 10;

/** The finance page: the main wallet's summary and the history, refetched on each filter or page. */
export const financesMachine = setup({
  types: { context: {} as FinancesContext, events: {} as FinancesEvent },
  actors: {
    loadFinances: fromPromise<Finances>(notProvided('loadFinances')),
    loadHistory: fromPromise<PaymentHistoryPayload, PaymentHistoryQuery>(notProvided('loadHistory')),
    resumeDeposit: fromPromise<DepositIntegrationPayload, { id: number }>(notProvided('resumeDeposit')),
    cancelDeposit: fromPromise<Deposit, { id: number }>(notProvided('cancelDeposit')),
  },
  actions: {
    ...checkoutActions,
  },
}).createMachine({
  id: 'finances',
  context: {
    filters: { type: null, status: null },
    page: 1,
    perPage: FINANCE_HISTORY_PER_PAGE,
    finances: null,
    history: null,
    problem: null,
    depositId: null,
    depositProblem: null,
    cancelledDeposit: null,
  },
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
        'history.reload': '.loading',
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
    /** A pending deposit's row offers to continue paying it or to cancel it, one at a time. */
    pendingDeposit: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'deposit.resume': {
              target: 'resuming',
              actions: assign({ depositId: ({ event }) => event.id, depositProblem: null, cancelledDeposit: null }),
            },
            'deposit.cancel': {
              target: 'cancelling',
              actions: assign({ depositId: ({ event }) => event.id, depositProblem: null, cancelledDeposit: null }),
            },
          },
        },
        resuming: {
          tags: ['depositBusy'],
          invoke: {
            id: 'resumeDeposit',
            src: 'resumeDeposit',
            input: ({ context }) => ({ id: context.depositId ?? 0 }),
            onDone: {
              target: 'leaving',
              actions: [
                { type: 'navigateExternal', params: ({ event }) => ({ url: event.output.redirect_url }) },
              ],
            },
            // Finished meanwhile (paid, expired): say why, and show the row as it is now.
            onError: { target: 'idle', actions: [assign({ depositProblem: ({ event }) => toProblem(event.error) }), raise({ type: 'history.reload' })] },
          },
        },
        /** The page is leaving for the checkout; nothing more happens here. */
        leaving: { tags: ['depositBusy'] },
        cancelling: {
          tags: ['depositBusy'],
          invoke: {
            id: 'cancelDeposit',
            src: 'cancelDeposit',
            input: ({ context }) => ({ id: context.depositId ?? 0 }),
            onDone: {
              target: 'idle',
              actions: [assign({ cancelledDeposit: ({ event }) => event.output, depositId: null }), raise({ type: 'history.reload' })],
            },
            onError: { target: 'idle', actions: [assign({ depositProblem: ({ event }) => toProblem(event.error) }), raise({ type: 'history.reload' })] },
          },
        },
      },
    },
  },
});
