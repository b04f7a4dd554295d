import { assign, fromPromise, setup } from 'xstate';
import type {
  CheckoutReturnPayload,
  DepositIntegrationPayload,
  DepositIntegrationRequest,
  PaymentSystemListItem,
} from '../../api/contract/payments';
import { moneyFromText } from '../../api/contract/money';
import { amountError, type Message } from '../money-flow/amount-rules';
import { notProvided } from '../app/failure';
import { toProblem, type Problem } from '../money-flow/problem';
import { checkoutActions, readCheckoutReturnEffect, waitingForCheckout } from '../payment-status/checkout-waiting';
import { paymentStatusMachine } from '../payment-status/payment-status.machine';
import { systemOffered } from '../money-flow/system-choice';

export interface DepositInput {
  /** Set when the browser came back from the checkout (/deposit?deposit_id=N): the deposit to wait for. */
  returningDepositId?: number | null;
}

export interface DepositContext {
  systems: PaymentSystemListItem[];
  system: PaymentSystemListItem | null;
  amount: string;
  amountError: Message | null;
  problem: Problem | null;
  /** The deposit started here or the one the browser came back for. */
  depositId: number | null;
  checkUrl: string | null;
}

export type DepositEvent =
  | { type: 'retry' }
  | { type: 'system.choose'; id: number }
  | { type: 'amount.change'; value: string }
  | { type: 'submit' }
  | { type: 'back' }
  | { type: 'again' };

/**
 * Deposit: choose a system, type an amount within its limits, start the integration, go to the
 * provider's checkout; on the way back wait for the provider's answer (polling the check url,
 * with a timeout) and show success or failure. Every failure has a way back.
 */
export const depositMachine = setup({
  types: {
    context: {} as DepositContext,
    events: {} as DepositEvent,
    input: {} as DepositInput,
  },
  actors: {
    loadDepositSystems: fromPromise<PaymentSystemListItem[]>(notProvided('loadDepositSystems')),
    startDeposit: fromPromise<DepositIntegrationPayload, DepositIntegrationRequest>(notProvided('startDeposit')),
    readCheckoutReturn: readCheckoutReturnEffect,
    paymentStatus: paymentStatusMachine,
  },
  actions: {
    ...checkoutActions,
    keepCheckoutReturn: assign((_, params: CheckoutReturnPayload) => ({ checkUrl: params.check_url })),
    forgetDeposit: assign({ depositId: null, checkUrl: null, system: null, amount: '', amountError: null, problem: null }),
  },
  guards: {
    returning: ({ context }) => context.depositId !== null,
    amountValid: ({ context }) =>
      context.system !== null && amountError(context.amount, context.system) === null,
  },
}).createMachine({
  id: 'deposit',
  context: ({ input }) => ({
    systems: [],
    system: null,
    amount: '',
    amountError: null,
    problem: null,
    depositId: input.returningDepositId ?? null,
    checkUrl: null,
  }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'returning', target: 'waiting' }, { target: 'loading' }] },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'systems',
        src: 'loadDepositSystems',
        onDone: { target: 'choosing', actions: assign({ systems: ({ event }) => event.output, problem: null }) },
        onError: { target: 'loadFailed', actions: assign({ problem: ({ event }) => toProblem(event.error) }) },
      },
    },
    loadFailed: { tags: ['error'], on: { retry: 'loading' } },
    choosing: {
      on: {
        'system.choose': {
          guard: systemOffered,
          target: 'editing',
          actions: assign({
            system: ({ context, event }) => context.systems.find((s) => s.id === event.id) ?? null,
            amountError: null,
            problem: null,
          }),
        },
      },
    },
    editing: {
      on: {
        'amount.change': { actions: assign({ amount: ({ event }) => event.value, amountError: null }) },
        submit: [
          { guard: 'amountValid', target: 'submitting' },
          {
            actions: assign({
              amountError: ({ context }) => (context.system ? amountError(context.amount, context.system) : null),
            }),
          },
        ],
        back: { target: 'choosing', actions: assign({ system: null, amountError: null, problem: null }) },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'integration',
        src: 'startDeposit',
        input: ({ context }) => ({ ps_id: context.system?.id ?? 0, amount: moneyFromText(context.amount) ?? 0 }),
        onDone: {
          target: 'redirecting',
          actions: [
            assign({ depositId: ({ event }) => event.output.deposit_id, checkUrl: ({ event }) => event.output.check_url }),
            { type: 'navigateExternal', params: ({ event }) => ({ url: event.output.redirect_url }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: assign({ problem: ({ event }) => toProblem(event.error) }),
        },
      },
    },
    /** The page is leaving for the checkout; nothing more happens here. */
    redirecting: { tags: ['busy'] },
    waiting: waitingForCheckout('deposit'),
    timedOut: { tags: ['error'], on: { retry: 'waiting', again: { target: 'loading', actions: 'forgetDeposit' } } },
    completed: { on: { again: { target: 'loading', actions: 'forgetDeposit' } } },
    failed: { tags: ['error'], on: { again: { target: 'loading', actions: 'forgetDeposit' } } },
  },
});
