import { assign, fromPromise, setup } from 'xstate';
import { SECOND_FACTOR_FIELD, SECOND_FACTOR_PASSKEY_FIELD, type PasskeyAuthenticationResponse } from '../../api/contract/security';
import {
  withdrawFieldError,
  type Finances,
  type PaymentSystemListItem,
  type WithdrawCancelInfo,
  type WithdrawConfigPayload,
  type WithdrawForm,
  type WithdrawQuote,
  type Withdrawal,
} from '../../api/contract/payments';
import { normalizeMoneyText } from '../../api/contract/money';
import { amountError, type Message } from '../money-flow/amount-rules';
import { notProvided } from '../app/failure';
import { freshPasskeyEffect } from '../app/fresh-passkey';
import { toProblem, type Problem } from '../money-flow/problem';
import { systemOffered } from '../money-flow/system-choice';

export interface WithdrawInput {
  /** /withdraw/form/{id}: open this system's form once the list is loaded. */
  systemId?: number | null;
  /** /withdraw/{id}/cancel: go straight to cancelling this withdrawal. */
  cancelId?: number | null;
}

export interface WithdrawOverview {
  systems: PaymentSystemListItem[];
  finances: Finances;
}

/** Check and confirm post the same multipart form to the urls the system's config names. */
export interface WithdrawSubmission {
  url: string;
  form: WithdrawForm;
}

export interface WithdrawContext {
  systems: PaymentSystemListItem[];
  finances: Finances | null;
  requestedSystemId: number | null;
  config: WithdrawConfigPayload | null;
  /** `amount` plus one entry per field of the system. */
  values: Record<string, string>;
  /** Client-side checks, field name -> message; the server's own field errors are in `problem`. */
  errors: Record<string, Message>;
  problem: Problem | null;
  quote: WithdrawQuote | null;
  withdrawal: Withdrawal | null;
  cancelId: number | null;
  cancellable: boolean;
  /** The fresh second factors the server asked for (the account's: an app's code, a passkey). */
  factorsAsked: { code: boolean; passkey: boolean };
  /** The passkey's answer for the next confirmation only: a challenge serves once. */
  passkeyAnswer: PasskeyAuthenticationResponse | null;
}

export type WithdrawEvent =
  | { type: 'retry' }
  | { type: 'system.choose'; id: number }
  | { type: 'field.change'; name: string; value: string }
  | { type: 'submit' }
  | { type: 'confirm' }
  | { type: 'confirm.passkey' }
  | { type: 'back' }
  | { type: 'cancel' }
  | { type: 'cancel.confirm' }
  | { type: 'again' }
  /** The trader went to another of the flow's paths (a link, Back, Forward): start where it says. */
  | ({ type: 'path.open' } & WithdrawInput);

const NONE_ASKED = { code: false, passkey: false };

/** How often a pending withdrawal is looked at again, to show it completed or rejected. */
export const PENDING_REFRESH_MS = 3000;

/** The client-side checks of the form, mirroring the server: amount, limits, balance, each field. */
export function formErrors(context: Pick<WithdrawContext, 'config' | 'values' | 'finances'>): Record<string, Message> {
  const errors: Record<string, Message> = {};
  if (!context.config) return errors;
  const { ps } = context.config;
  const amount = amountError(context.values.amount ?? '', {
    min: ps.min,
    max: ps.max,
    ...(context.finances ? { available: context.finances.available } : {}),
  });
  if (amount) errors.amount = amount;
  for (const field of ps.fields) {
    const key = withdrawFieldError(field, context.values[field.name]);
    if (key) errors[field.name] = { key };
  }
  return errors;
}

const submission = (context: WithdrawContext, url: (config: WithdrawConfigPayload) => string, confirming = false): WithdrawSubmission => {
  const config = context.config;
  if (!config) throw new Error('No payment system chosen');
  // The canonical '10.5' for '10,5'; text that is not money goes as typed, for the server to refuse.
  const typed = (context.values.amount ?? '').trim();
  const form: WithdrawForm = { amount: normalizeMoneyText(typed) ?? typed };
  for (const field of config.ps.fields) form[field.name] = (context.values[field.name] ?? '').trim();
  // With two-factor sign-in on, the confirmation carries a fresh passkey answer or code (the server asks with a 422 on the field).
  const code = (context.values[SECOND_FACTOR_FIELD] ?? '').trim();
  // The form is multipart: the passkey's answer travels as its JSON text.
  if (confirming && context.passkeyAnswer) form[SECOND_FACTOR_PASSKEY_FIELD] = JSON.stringify(context.passkeyAnswer);
  else if (confirming && code) form[SECOND_FACTOR_FIELD] = code;
  return { url: url(config), form };
};

/**
 * Withdraw from the main wallet: choose a system, fill the form built from its fields (checked
 * here as the server checks it), see the fee and what arrives, confirm (the amount is held at
 * once), then watch it pending with a way to cancel it for a refund. Every failure has a way back.
 */
export const withdrawMachine = setup({
  types: {
    context: {} as WithdrawContext,
    events: {} as WithdrawEvent,
    input: {} as WithdrawInput,
  },
  actors: {
    loadWithdrawOverview: fromPromise<WithdrawOverview>(notProvided('loadWithdrawOverview')),
    loadWithdrawSystem: fromPromise<WithdrawConfigPayload, { id: number }>(notProvided('loadWithdrawSystem')),
    checkWithdraw: fromPromise<WithdrawQuote, WithdrawSubmission>(notProvided('checkWithdraw')),
    confirmWithdraw: fromPromise<Withdrawal, WithdrawSubmission>(notProvided('confirmWithdraw')),
    /** The server's challenge for this withdrawal, signed by a passkey (navigator.credentials.get). */
    signWithPasskey: freshPasskeyEffect,
    loadCancelInfo: fromPromise<WithdrawCancelInfo, { id: number }>(notProvided('loadCancelInfo')),
    cancelWithdraw: fromPromise<Withdrawal, { id: number }>(notProvided('cancelWithdraw')),
  },
  actions: {
    keepProblem: assign({ problem: (_, params: { error: unknown }) => toProblem(params.error) }),
    startOver: assign({
      config: null,
      values: {},
      errors: {},
      problem: null,
      quote: null,
      withdrawal: null,
      cancelId: null,
      cancellable: false,
      requestedSystemId: null,
      factorsAsked: NONE_ASKED,
      passkeyAnswer: null,
    }),
  },
  guards: {
    cancelRequested: ({ context }) => context.cancelId !== null,
    systemRequested: ({ context }) => context.requestedSystemId !== null,
    formValid: ({ context }) => Object.keys(formErrors(context)).length === 0,
  },
  delays: { pendingRefresh: PENDING_REFRESH_MS },
}).createMachine({
  id: 'withdraw',
  context: ({ input }) => ({
    systems: [],
    finances: null,
    requestedSystemId: input.systemId ?? null,
    config: null,
    values: { amount: '' },
    errors: {},
    problem: null,
    quote: null,
    withdrawal: null,
    cancelId: input.cancelId ?? null,
    cancellable: false,
    factorsAsked: NONE_ASKED,
    passkeyAnswer: null,
  }),
  initial: 'start',
  on: {
    'path.open': {
      target: '.start',
      actions: [
        'startOver',
        assign({ requestedSystemId: ({ event }) => event.systemId ?? null, cancelId: ({ event }) => event.cancelId ?? null }),
      ],
    },
  },
  states: {
    start: { always: [{ guard: 'cancelRequested', target: 'cancel' }, { target: 'loading' }] },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'overview',
        src: 'loadWithdrawOverview',
        onDone: [
          {
            guard: ({ event, context }) => event.output.systems.some((s) => s.id === context.requestedSystemId),
            target: 'loadingSystem',
            actions: assign({ systems: ({ event }) => event.output.systems, finances: ({ event }) => event.output.finances, problem: null }),
          },
          {
            target: 'choosing',
            actions: assign({
              systems: ({ event }) => event.output.systems,
              finances: ({ event }) => event.output.finances,
              requestedSystemId: null,
              problem: null,
            }),
          },
        ],
        onError: { target: 'loadFailed', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { tags: ['error'], on: { retry: 'loading' } },
    choosing: {
      on: {
        'system.choose': {
          guard: systemOffered,
          target: 'loadingSystem',
          actions: assign({ requestedSystemId: ({ event }) => event.id, problem: null }),
        },
      },
    },
    loadingSystem: {
      tags: ['busy'],
      invoke: {
        id: 'system',
        src: 'loadWithdrawSystem',
        input: ({ context }) => ({ id: context.requestedSystemId ?? 0 }),
        onDone: {
          target: 'editing',
          actions: assign({
            config: ({ event }) => event.output,
            values: ({ event }) => Object.fromEntries([['amount', ''], ...event.output.ps.fields.map((f) => [f.name, ''])]),
            errors: {},
            problem: null,
          }),
        },
        onError: { target: 'systemFailed', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    systemFailed: {
      tags: ['error'],
      on: { retry: 'loadingSystem', back: { target: 'choosing', actions: assign({ requestedSystemId: null, problem: null }) } },
    },
    editing: {
      on: {
        'field.change': {
          actions: assign({
            values: ({ context, event }) => ({ ...context.values, [event.name]: event.value }),
            errors: ({ context, event }) => Object.fromEntries(Object.entries(context.errors).filter(([name]) => name !== event.name)),
          }),
        },
        submit: [
          { guard: 'formValid', target: 'checking', actions: assign({ errors: {}, problem: null }) },
          { actions: assign({ errors: ({ context }) => formErrors(context) }) },
        ],
        back: { target: 'choosing', actions: 'startOver' },
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'check',
        src: 'checkWithdraw',
        input: ({ context }) => submission(context, (config) => config.check_url),
        onDone: { target: 'reviewing', actions: assign({ quote: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    reviewing: {
      on: {
        // The fresh second factor, typed on the review when the server asked for it.
        'field.change': {
          guard: ({ event }) => event.name === SECOND_FACTOR_FIELD,
          actions: assign({ values: ({ context, event }) => ({ ...context.values, [event.name]: event.value }) }),
        },
        confirm: { target: 'confirming', actions: assign({ problem: null }) },
        'confirm.passkey': { guard: ({ context }) => context.factorsAsked.passkey, target: 'signingWithPasskey', actions: assign({ problem: null }) },
        back: { target: 'editing', actions: assign({ quote: null, problem: null }) },
      },
    },
    /** The browser's passkey prompt is open; closing it (or a refusal) is a problem shown on the review. */
    signingWithPasskey: {
      tags: ['busy'],
      invoke: {
        id: 'passkey',
        src: 'signWithPasskey',
        input: { purpose: 'withdrawal' },
        onDone: { target: 'confirming', actions: assign({ passkeyAnswer: ({ event }) => event.output }) },
        onError: { target: 'reviewing', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    confirming: {
      tags: ['busy'],
      exit: assign({ passkeyAnswer: null }),
      invoke: {
        id: 'confirm',
        src: 'confirmWithdraw',
        input: ({ context }) => submission(context, (config) => config.confirm_url, true),
        onDone: { target: 'pending', actions: assign({ withdrawal: ({ event }) => event.output, cancelId: ({ event }) => event.output.id }) },
        onError: {
          target: 'reviewing',
          actions: [
            { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) },
            assign({
              factorsAsked: ({ context: { factorsAsked, problem } }) => ({
                code: factorsAsked.code || Boolean(problem?.fields?.[SECOND_FACTOR_FIELD]),
                passkey: factorsAsked.passkey || Boolean(problem?.fields?.[SECOND_FACTOR_PASSKEY_FIELD]),
              }),
            }),
          ],
        },
      },
    },
    pending: {
      on: { cancel: { target: 'cancel', actions: assign({ problem: null }) }, again: { target: 'loading', actions: 'startOver' } },
      initial: 'watching',
      states: {
        watching: { after: { pendingRefresh: 'refreshing' } },
        refreshing: {
          invoke: {
            id: 'refresh',
            src: 'loadCancelInfo',
            input: ({ context }) => ({ id: context.withdrawal?.id ?? 0 }),
            onDone: [
              {
                guard: ({ event }) => event.output.withdrawal.status === 'pending',
                target: 'watching',
                actions: assign({ withdrawal: ({ event }) => event.output.withdrawal }),
              },
              { target: '#withdraw.processed', actions: assign({ withdrawal: ({ event }) => event.output.withdrawal }) },
            ],
            // A missed look is not a failed withdrawal: look again later.
            onError: 'watching',
          },
        },
      },
    },
    /** Completed, rejected (refunded) or cancelled elsewhere: the withdrawal's status says which. */
    processed: { on: { again: { target: 'loading', actions: 'startOver' } } },
    cancel: {
      initial: 'loading',
      on: { again: { target: '#withdraw.loading', actions: 'startOver' } },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'cancelInfo',
            src: 'loadCancelInfo',
            input: ({ context }) => ({ id: context.cancelId ?? 0 }),
            onDone: {
              target: 'ready',
              actions: assign({
                withdrawal: ({ event }) => event.output.withdrawal,
                cancellable: ({ event }) => event.output.cancellable,
              }),
            },
            onError: { target: 'loadFailed', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        loadFailed: { tags: ['error'], on: { retry: 'loading' } },
        ready: {
          on: {
            'cancel.confirm': { guard: ({ context }) => context.cancellable, target: 'cancelling' },
            back: { guard: ({ context }) => context.withdrawal?.status === 'pending', target: '#withdraw.pending' },
          },
        },
        cancelling: {
          tags: ['busy'],
          invoke: {
            id: 'cancelWithdrawal',
            src: 'cancelWithdraw',
            input: ({ context }) => ({ id: context.cancelId ?? 0 }),
            onDone: { target: 'cancelled', actions: assign({ withdrawal: ({ event }) => event.output, cancellable: false }) },
            // Refused (already processed, say): show the withdrawal as it now is, with the reason.
            onError: { target: 'loading', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        cancelled: {},
      },
    },
  },
});
