import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { CheckoutReturnPayload, DepositIntegrationPayload, DepositIntegrationRequest, PaymentCheckStatus } from '../../../src/api/contract/payments';
import type { CheckoutReturnRequest } from '../../../src/machines/payment-status/checkout-waiting';
import { depositMachine, type DepositInput } from '../../../src/machines/deposit/deposit.machine';
import { paymentStatusMachine } from '../../../src/machines/payment-status/payment-status.machine';
import { depositSystems } from '../../msw/money-fixtures';

const integration: DepositIntegrationPayload = { deposit_id: 12, redirect_url: '/sandbox/checkout/abc', check_url: '/deposit/12/check?token=abc' };

interface Options {
  statuses?: PaymentCheckStatus[];
  start?: (r: DepositIntegrationRequest) => Promise<DepositIntegrationPayload>;
  timeoutMs?: number;
  /** The server's answers to the return page's read, in turn (the last one repeats). */
  returns?: Array<CheckoutReturnPayload | Error>;
}

function start(options: Options = {}, input: DepositInput = {}) {
  const navigateExternal = vi.fn();
  const checked: string[] = [];
  const returnsRead: CheckoutReturnRequest[] = [];
  const returns = [...(options.returns ?? [{ check_url: integration.check_url, product_id: null }])];
  const statuses = [...(options.statuses ?? ['completed'])];
  const machine = depositMachine.provide({
    actors: {
      loadDepositSystems: fromPromise(async () => depositSystems),
      startDeposit: fromPromise<DepositIntegrationPayload, DepositIntegrationRequest>(({ input: request }) =>
        (options.start ?? (async () => integration))(request),
      ),
      readCheckoutReturn: fromPromise<CheckoutReturnPayload, CheckoutReturnRequest>(async ({ input: request }) => {
        returnsRead.push(request);
        const answer = returns.length > 1 ? returns.shift()! : returns[0]!;
        if (answer instanceof Error) throw answer;
        return answer;
      }),
      paymentStatus: paymentStatusMachine.provide({
        actors: {
          checkPaymentStatus: fromPromise<PaymentCheckStatus, { url: string }>(async ({ input: { url } }) => {
            checked.push(url);
            return statuses.length > 1 ? statuses.shift()! : statuses[0]!;
          }),
        },
        delays: { pollInterval: 5, timeout: options.timeoutMs ?? 1000 },
      }),
    },
    actions: {
      navigateExternal: (_, params) => navigateExternal(params),
    },
  });
  return { actor: createActor(machine, { input }).start(), navigateExternal, checked, returnsRead };
}

describe('deposit machine', () => {
  test('every state is reachable through user events and the calls\' answers', () => {
    const paths = getShortestPaths(depositMachine, {
      input: {},
      events: [
        { type: 'xstate.done.actor.systems', output: depositSystems },
        { type: 'xstate.error.actor.systems', error: new Error('down') },
        { type: 'retry' },
        { type: 'system.choose', id: 1 },
        { type: 'amount.change', value: '100' },
        { type: 'submit' },
        { type: 'back' },
        { type: 'again' },
        { type: 'xstate.done.actor.integration', output: integration },
        { type: 'xstate.error.actor.integration', error: new Error('down') },
      ] as never,
    });
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const state of ['loading', 'loadFailed', 'choosing', 'editing', 'submitting', 'redirecting']) {
      expect(reached).toContain(JSON.stringify(state));
    }
    const returning = getShortestPaths(depositMachine, {
      input: { returningDepositId: 12 },
      events: [
        { type: 'xstate.done.actor.return', output: { check_url: integration.check_url, product_id: null } },
        { type: 'xstate.error.actor.return', error: new Error('down') },
        { type: 'retry' },
        ...(['completed', 'failed', 'timeout'] as const).map((status) => ({ type: 'xstate.done.actor.status', output: { status, problem: null } })),
      ] as never,
    });
    const afterReturn = new Set(returning.map((path) => JSON.stringify(path.state.value)));
    for (const state of [{ waiting: 'reading' }, { waiting: 'polling' }, 'completed', 'failed', 'timedOut']) expect(afterReturn).toContain(JSON.stringify(state));
  });

  test('an amount outside the limits is refused before the call; a valid one goes to the checkout', async () => {
    const requests: DepositIntegrationRequest[] = [];
    const { actor, navigateExternal } = start({ start: async (r) => { requests.push(r); return integration; } });
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'system.choose', id: 1 });
    actor.send({ type: 'amount.change', value: '9.99' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.amountError).toEqual({ key: 'money.amount.error.min', params: { min: 10 } });
    actor.send({ type: 'amount.change', value: '100.5x' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.amountError).toEqual({ key: 'money.amount.error.invalid' });
    actor.send({ type: 'amount.change', value: '100.00' });
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(requests).toEqual([{ ps_id: 1, amount: 100 }]);
    expect(navigateExternal).toHaveBeenCalledWith({ url: '/sandbox/checkout/abc' });
  });

  test('a refused integration call keeps the form with the reason', async () => {
    const { actor, navigateExternal } = start({ start: async () => { throw Object.assign(new Error('x'), { code: 'validation', message: 'Check', fields: { amount: 'Too much' } }); } });
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'system.choose', id: 1 });
    actor.send({ type: 'amount.change', value: '100' });
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.problem !== null);
    expect(actor.getSnapshot().context.problem?.fields).toEqual({ amount: 'Too much' });
    expect(navigateExternal).not.toHaveBeenCalled();
  });

  test('coming back from the checkout asks the server for the check url and waits until the deposit completes', async () => {
    const { actor, checked, returnsRead } = start({ statuses: ['pending', 'pending', 'completed'] }, { returningDepositId: 12 });
    await waitFor(actor, (s) => s.matches('completed'));
    expect(returnsRead).toEqual([{ kind: 'deposit', id: 12 }]);
    expect(checked).toEqual([integration.check_url, integration.check_url, integration.check_url]);
    actor.send({ type: 'again' });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(actor.getSnapshot().context.checkUrl).toBeNull();
  });

  test('a declined payment fails; a provider that never answers times out with a retry', async () => {
    const declined = start({ statuses: ['pending', 'failed'] }, { returningDepositId: 12 });
    await waitFor(declined.actor, (s) => s.matches('failed'));
    const silent = start({ statuses: ['pending'], timeoutMs: 30 }, { returningDepositId: 12 });
    await waitFor(silent.actor, (s) => s.matches('timedOut'));
    silent.actor.send({ type: 'retry' });
    // The check url is known by now: the retry polls again without reading the return again.
    expect(silent.actor.getSnapshot().value).toEqual({ waiting: 'polling' });
    expect(silent.returnsRead).toHaveLength(1);
  });

  test('a return the server could not answer is a timeout whose retry reads it again', async () => {
    const { actor, returnsRead, checked } = start({ returns: [new Error('down'), { check_url: integration.check_url, product_id: null }] }, { returningDepositId: 12 });
    await waitFor(actor, (s) => s.matches('timedOut'));
    expect(checked).toEqual([]);
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('completed'));
    expect(returnsRead).toEqual([{ kind: 'deposit', id: 12 }, { kind: 'deposit', id: 12 }]);
  });
});
