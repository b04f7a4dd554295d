import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { PasskeyAuthenticationResponse } from '../../../src/api/contract/security';
import type { FreshPasskeyInput } from '../../../src/machines/app/fresh-passkey';
import type { WithdrawCancelInfo, WithdrawConfigPayload, WithdrawQuote, Withdrawal } from '../../../src/api/contract/payments';
import {
  formErrors,
  withdrawMachine,
  type WithdrawOverview,
  type WithdrawSubmission,
} from '../../../src/machines/withdraw/withdraw.machine';
import { selectFreshFactor, selectWithdrawScreen } from '../../../src/machines/withdraw/withdraw.selectors';
import { cardConfig, finances, pendingWithdrawal, TEST_CARD, withdrawSystems } from '../../msw/money-fixtures';

const apiError = (code: string, message: string, fields?: Record<string, string>) => Object.assign(new Error(message), { code, fields });
const quote: WithdrawQuote = { amount: 50, fee: 1, receive: 49 };
const PASSKEY_ANSWER: PasskeyAuthenticationResponse = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
};
/** The server's answer to a confirmation without the passkey of a passkey-only account. */
const passkeyAsked = () => apiError('validation', 'Check the form', { second_factor_passkey: 'Confirm with a passkey' });

interface Fakes {
  overview?: () => Promise<WithdrawOverview>;
  system?: (id: number) => Promise<WithdrawConfigPayload>;
  check?: (s: WithdrawSubmission) => Promise<WithdrawQuote>;
  confirm?: (s: WithdrawSubmission) => Promise<Withdrawal>;
  passkey?: () => Promise<PasskeyAuthenticationResponse>;
  cancelInfo?: (id: number) => Promise<WithdrawCancelInfo>;
  cancel?: (id: number) => Promise<Withdrawal>;
}

function start(fakes: Fakes = {}, input: { systemId?: number; cancelId?: number } = {}) {
  const calls: { check: WithdrawSubmission[]; confirm: WithdrawSubmission[]; cancel: number[]; passkey: number; passkeyPurposes: string[] } = {
    check: [],
    confirm: [],
    cancel: [],
    passkey: 0,
    passkeyPurposes: [],
  };
  const machine = withdrawMachine.provide({
    actors: {
      loadWithdrawOverview: fromPromise(fakes.overview ?? (async () => ({ systems: withdrawSystems, finances }))),
      loadWithdrawSystem: fromPromise<WithdrawConfigPayload, { id: number }>(({ input: { id } }) =>
        (fakes.system ?? (async () => cardConfig))(id),
      ),
      checkWithdraw: fromPromise<WithdrawQuote, WithdrawSubmission>(({ input: s }) => {
        calls.check.push(s);
        return (fakes.check ?? (async () => quote))(s);
      }),
      confirmWithdraw: fromPromise<Withdrawal, WithdrawSubmission>(({ input: s }) => {
        calls.confirm.push(s);
        return (fakes.confirm ?? (async () => pendingWithdrawal))(s);
      }),
      signWithPasskey: fromPromise<PasskeyAuthenticationResponse, FreshPasskeyInput>(({ input }) => {
        calls.passkeyPurposes.push(input.purpose);
        calls.passkey += 1;
        return (fakes.passkey ?? (async () => PASSKEY_ANSWER))();
      }),
      loadCancelInfo: fromPromise<WithdrawCancelInfo, { id: number }>(({ input: { id } }) =>
        (fakes.cancelInfo ?? (async () => ({ withdrawal: pendingWithdrawal, cancellable: true })))(id),
      ),
      cancelWithdraw: fromPromise<Withdrawal, { id: number }>(({ input: { id } }) => {
        calls.cancel.push(id);
        return (fakes.cancel ?? (async () => ({ ...pendingWithdrawal, status: 'cancelled' as const })))(id);
      }),
    },
    delays: { pendingRefresh: 10 },
  });
  return { actor: createActor(machine, { input }).start(), calls };
}

async function fillCardForm(actor: ReturnType<typeof start>['actor'], amount = '50') {
  await waitFor(actor, (s) => s.matches('choosing'));
  actor.send({ type: 'system.choose', id: 1 });
  await waitFor(actor, (s) => s.matches('editing'));
  actor.send({ type: 'field.change', name: 'amount', value: amount });
  actor.send({ type: 'field.change', name: 'card_number', value: TEST_CARD });
  actor.send({ type: 'field.change', name: 'holder_name', value: 'ANNA PETROVA' });
}

describe('withdraw machine', () => {
  test("every state is reachable through user events and the calls' answers, failures included", () => {
    // Invoked calls do not run during the traversal: their done and error events are sent instead.
    const paths = getShortestPaths(withdrawMachine, {
      input: {},
      events: [
        { type: 'xstate.done.actor.overview', output: { systems: withdrawSystems, finances } },
        { type: 'xstate.error.actor.overview', error: new Error('down') },
        { type: 'xstate.done.actor.system', output: cardConfig },
        { type: 'xstate.error.actor.system', error: new Error('down') },
        { type: 'system.choose', id: 1 },
        { type: 'field.change', name: 'amount', value: '50' },
        { type: 'field.change', name: 'card_number', value: TEST_CARD },
        { type: 'field.change', name: 'holder_name', value: 'ANNA PETROVA' },
        { type: 'submit' },
        { type: 'xstate.done.actor.check', output: quote },
        { type: 'xstate.error.actor.check', error: apiError('validation', 'bad') },
        { type: 'confirm' },
        { type: 'xstate.done.actor.confirm', output: pendingWithdrawal },
        { type: 'xstate.error.actor.confirm', error: apiError('insufficient_funds', 'no money') },
        { type: 'xstate.error.actor.confirm', error: passkeyAsked() },
        { type: 'confirm.passkey' },
        { type: 'xstate.done.actor.passkey', output: PASSKEY_ANSWER },
        { type: 'xstate.error.actor.passkey', error: { code: 'passkey_cancelled' } },
        { type: 'cancel' },
        { type: 'xstate.done.actor.cancelInfo', output: { withdrawal: pendingWithdrawal, cancellable: true } },
        { type: 'xstate.error.actor.cancelInfo', error: new Error('down') },
        { type: 'cancel.confirm' },
        { type: 'xstate.done.actor.cancelWithdrawal', output: { ...pendingWithdrawal, status: 'cancelled' } },
        { type: 'xstate.after.pendingRefresh.withdraw.pending.watching' },
        { type: 'xstate.done.actor.refresh', output: { withdrawal: { ...pendingWithdrawal, status: 'completed' }, cancellable: false } },
        { type: 'retry' },
        { type: 'back' },
        { type: 'again' },
      ] as never,
    });
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    const expected = [
      'loading', 'loadFailed', 'choosing', 'loadingSystem', 'systemFailed', 'editing', 'checking', 'reviewing',
      'signingWithPasskey', 'confirming', 'processed', { pending: 'watching' }, { pending: 'refreshing' }, { cancel: 'loading' },
      { cancel: 'loadFailed' }, { cancel: 'ready' }, { cancel: 'cancelling' }, { cancel: 'cancelled' },
    ];
    for (const state of expected) expect(reached).toContain(JSON.stringify(state));
  });

  test('the form is checked as the server checks it before anything is sent', async () => {
    const { actor, calls } = start();
    await fillCardForm(actor, '5000.001');
    actor.send({ type: 'field.change', name: 'card_number', value: '4242 4242 4242 4241' });
    actor.send({ type: 'field.change', name: 'holder_name', value: '' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({
      amount: { key: 'money.amount.error.invalid' },
      card_number: { key: 'money.withdraw.error.card_number' },
      holder_name: { key: 'validation.required' },
    });
    // Over the available balance (1250.50), then within it.
    actor.send({ type: 'field.change', name: 'amount', value: '1250.51' });
    actor.send({ type: 'field.change', name: 'card_number', value: TEST_CARD });
    actor.send({ type: 'field.change', name: 'holder_name', value: 'ANNA PETROVA' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ amount: { key: 'money.amount.error.balance', params: { available: 1250.5 } } });
    expect(calls.check).toHaveLength(0);
  });

  test('check, confirm, pending, then the processing shows it completed', async () => {
    let status: Withdrawal['status'] = 'pending';
    const { actor, calls } = start({ cancelInfo: async () => ({ withdrawal: { ...pendingWithdrawal, status }, cancellable: status === 'pending' }) });
    await fillCardForm(actor);
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('reviewing'));
    expect(actor.getSnapshot().context.quote).toEqual(quote);
    expect(calls.check[0]).toEqual({ url: '/card/check', form: { amount: '50', card_number: TEST_CARD, holder_name: 'ANNA PETROVA' } });
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.matches('pending'));
    expect(calls.confirm[0]?.url).toBe('/withdraw/card/confirm');
    status = 'completed';
    await waitFor(actor, (s) => s.matches('processed'));
    expect(actor.getSnapshot().context.withdrawal?.status).toBe('completed');
    actor.send({ type: 'again' });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(actor.getSnapshot().context.withdrawal).toBeNull();
  });

  test("the server's field errors bring the form back with them", async () => {
    const { actor } = start({ check: async () => { throw apiError('validation', 'Check the form', { card_number: 'Invalid card number' }); } });
    await fillCardForm(actor);
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.problem !== null);
    expect(actor.getSnapshot().context.problem).toEqual({ code: 'validation', message: 'Check the form', fields: { card_number: 'Invalid card number' } });
  });

  test('a refused confirmation stays on the review with the reason and a way back to the form', async () => {
    const { actor } = start({ confirm: async () => { throw apiError('insufficient_funds', 'Not enough money'); } });
    await fillCardForm(actor);
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('reviewing'));
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.matches('reviewing') && s.context.problem !== null);
    expect(actor.getSnapshot().context.problem?.code).toBe('insufficient_funds');
    actor.send({ type: 'back' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values.amount).toBe('50');
  });

  test('with two-factor sign-in on, the review takes the fresh code the server asks for and confirms with it', async () => {
    const { actor, calls } = start({
      confirm: async (s) => {
        if (!s.form.second_factor_code) throw apiError('validation', 'Check the form', { second_factor_code: 'Enter the code' });
        return pendingWithdrawal;
      },
    });
    await fillCardForm(actor);
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('reviewing'));
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.matches('reviewing') && s.context.problem !== null);
    expect(actor.getSnapshot().context.problem?.fields).toEqual({ second_factor_code: 'Enter the code' });
    // Only the code may change on the review; the checked form stays as it was.
    actor.send({ type: 'field.change', name: 'amount', value: '5000' });
    actor.send({ type: 'field.change', name: 'second_factor_code', value: ' 123456 ' });
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.matches('pending'));
    expect(calls.confirm[1]?.form).toEqual({ amount: '50', card_number: TEST_CARD, holder_name: 'ANNA PETROVA', second_factor_code: '123456' });
    // The check never carries it.
    expect(calls.check[0]?.form).not.toHaveProperty('second_factor_code');
  });

  test('a passkey-only account confirms with a passkey answer the server asked for, sent once, never with a code', async () => {
    let refuse = true;
    const { actor, calls } = start({
      confirm: async (s) => {
        if (!s.form.second_factor_passkey) throw passkeyAsked();
        if (refuse) throw apiError('validation', 'The passkey was not accepted');
        return pendingWithdrawal;
      },
    });
    await fillCardForm(actor);
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('reviewing'));
    // Not asked yet: nothing to sign.
    actor.send({ type: 'confirm.passkey' });
    expect(actor.getSnapshot().value).toBe('reviewing');
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.matches('reviewing') && s.context.problem !== null);
    expect(selectFreshFactor(actor.getSnapshot())).toEqual({ code: false, passkey: true, signing: false });
    actor.send({ type: 'confirm.passkey' });
    expect(selectFreshFactor(actor.getSnapshot()).signing).toBe(true);
    expect(selectWithdrawScreen(actor.getSnapshot())).toEqual({ kind: 'confirm', busy: true });
    await waitFor(actor, (s) => s.matches('reviewing') && s.context.problem?.message === 'The passkey was not accepted');
    expect(calls.confirm[1]?.form).toEqual({ amount: '50', card_number: TEST_CARD, holder_name: 'ANNA PETROVA', second_factor_passkey: JSON.stringify(PASSKEY_ANSWER) });
    // A refused answer is not sent again: the plain confirmation goes without it (and is asked again).
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.matches('reviewing') && calls.confirm.length === 3);
    expect(calls.confirm[2]?.form).not.toHaveProperty('second_factor_passkey');
    expect(selectFreshFactor(actor.getSnapshot()).passkey).toBe(true);
    refuse = false;
    actor.send({ type: 'confirm.passkey' });
    await waitFor(actor, (s) => s.matches('pending'));
    expect(calls.passkey).toBe(2);
    // The challenge is the withdrawal's own.
    expect(calls.passkeyPurposes).toEqual(['withdrawal', 'withdrawal']);
    expect(actor.getSnapshot().context.passkeyAnswer).toBeNull();
  });

  test('a closed passkey prompt stays on the review with the reason, the passkey still offered', async () => {
    let cancelled = true;
    const { actor, calls } = start({
      confirm: async (s) => {
        if (!s.form.second_factor_passkey) throw passkeyAsked();
        return pendingWithdrawal;
      },
      passkey: async () => {
        if (cancelled) throw Object.assign(new Error(''), { code: 'passkey_cancelled' });
        return PASSKEY_ANSWER;
      },
    });
    await fillCardForm(actor);
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('reviewing'));
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.context.factorsAsked.passkey);
    actor.send({ type: 'confirm.passkey' });
    await waitFor(actor, (s) => s.matches('reviewing') && s.context.problem?.code === 'passkey_cancelled');
    expect(calls.confirm).toHaveLength(1);
    expect(selectFreshFactor(actor.getSnapshot())).toEqual({ code: false, passkey: true, signing: false });
    cancelled = false;
    actor.send({ type: 'confirm.passkey' });
    await waitFor(actor, (s) => s.matches('pending'));
  });

  test('an account with both factors is offered the code field and the passkey', async () => {
    const { actor } = start({ confirm: async () => { throw apiError('validation', 'Check the form', { second_factor_code: 'Enter the code', second_factor_passkey: 'Or a passkey' }); } });
    await fillCardForm(actor);
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('reviewing'));
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.context.problem !== null);
    expect(selectFreshFactor(actor.getSnapshot())).toEqual({ code: true, passkey: true, signing: false });
  });

  test('a pending withdrawal is cancelled once, for a refund', async () => {
    const { actor, calls } = start();
    await fillCardForm(actor);
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('reviewing'));
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.matches('pending'));
    actor.send({ type: 'cancel' });
    await waitFor(actor, (s) => s.matches({ cancel: 'ready' }));
    actor.send({ type: 'cancel.confirm' });
    actor.send({ type: 'cancel.confirm' });
    await waitFor(actor, (s) => s.matches({ cancel: 'cancelled' }));
    expect(calls.cancel).toEqual([41]);
    expect(actor.getSnapshot().context.withdrawal?.status).toBe('cancelled');
  });

  test('a refused cancel shows the withdrawal as it now is, with the reason', async () => {
    let processed = false;
    const { actor } = start(
      {
        cancelInfo: async () =>
          processed
            ? { withdrawal: { ...pendingWithdrawal, status: 'completed' }, cancellable: false }
            : { withdrawal: pendingWithdrawal, cancellable: true },
        cancel: async () => {
          processed = true;
          throw apiError('not_cancellable', 'Already processed');
        },
      },
      { cancelId: 41 },
    );
    await waitFor(actor, (s) => s.matches({ cancel: 'ready' }));
    actor.send({ type: 'cancel.confirm' });
    await waitFor(actor, (s) => s.matches({ cancel: 'ready' }) && !s.context.cancellable);
    expect(actor.getSnapshot().context.problem?.code).toBe('not_cancellable');
    expect(actor.getSnapshot().context.withdrawal?.status).toBe('completed');
    actor.send({ type: 'cancel.confirm' });
    expect(actor.getSnapshot().matches({ cancel: 'ready' })).toBe(true);
  });

  test('failed loads offer a retry and /withdraw/form/{id} opens the form directly', async () => {
    let attempts = 0;
    const { actor } = start(
      { overview: async () => { attempts += 1; if (attempts === 1) throw new Error('offline'); return { systems: withdrawSystems, finances }; } },
      { systemId: 1 },
    );
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.problem).toEqual({ code: 'internal', message: '' });
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.config?.ps.slug).toBe('card');
    actor.send({ type: 'back' });
    expect(actor.getSnapshot().value).toBe('choosing');
  });

  test('a path the trader goes to (Back, a link) starts the same flow where it says, forgetting the step it was on', async () => {
    const { actor } = start({}, { systemId: 1 });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'field.change', name: 'amount', value: '50' });
    actor.send({ type: 'path.open', cancelId: 41 });
    await waitFor(actor, (s) => s.matches({ cancel: 'ready' }));
    expect(actor.getSnapshot().context).toMatchObject({ cancelId: 41, config: null, requestedSystemId: null });
    actor.send({ type: 'path.open' });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(actor.getSnapshot().context).toMatchObject({ cancelId: null, values: {} });
  });

  test('formErrors checks IBAN and address fields by their type and pattern', () => {
    const bank = withdrawSystems[2]!;
    const config = { ps: { ...bank, fields: bank.fields! }, check_url: '/bank/check', confirm_url: '/withdraw/bank/confirm' };
    expect(formErrors({ config, finances, values: { amount: '100', iban: 'DE89 3704 0044 0532 0130 01', beneficiary: 'A' } })).toEqual({
      iban: { key: 'money.withdraw.error.iban' },
    });
    const usdt = withdrawSystems[1]!;
    const usdtConfig = { ps: { ...usdt, fields: usdt.fields! }, check_url: '/usdt/check', confirm_url: '/withdraw/usdt/confirm' };
    expect(formErrors({ config: usdtConfig, finances, values: { amount: '19.99', address: '0xabc' } })).toEqual({
      amount: { key: 'money.amount.error.min', params: { min: 20 } },
      address: { key: 'money.withdraw.error.pattern' },
    });
  });
});
