import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CheckoutReturnPayload, PaymentCheckStatus } from '../../../src/api/contract/payments';
import type { PurchaseConfigPayload, PurchaseIntegrationPayload, PurchaseIntegrationRequest } from '../../../src/api/contract/tournaments';
import { paymentStatusMachine } from '../../../src/machines/payment-status/payment-status.machine';
import { purchaseMachine, type PurchaseInput } from '../../../src/machines/purchase/purchase.machine';
import { depositSystems, tournamentEntry } from '../../msw/money-fixtures';

const config: PurchaseConfigPayload = { product: tournamentEntry, items: depositSystems, integration_url: '/purchase/integration_json' };
const integration: PurchaseIntegrationPayload = { purchase_id: 5, redirect_url: '/sandbox/checkout/p5', check_url: '/purchase/5/check' };

function start(input: PurchaseInput, options: { config?: PurchaseConfigPayload; status?: PaymentCheckStatus; fail?: boolean } = {}) {
  const navigateExternal = vi.fn();
  const requests: PurchaseIntegrationRequest[] = [];
  const machine = purchaseMachine.provide({
    actors: {
      loadPurchase: fromPromise(async () => options.config ?? config),
      startPurchase: fromPromise<PurchaseIntegrationPayload, PurchaseIntegrationRequest>(async ({ input: request }) => {
        requests.push(request);
        if (options.fail) throw Object.assign(new Error('x'), { code: 'forbidden', message: 'Not allowed' });
        return integration;
      }),
      readCheckoutReturn: fromPromise(async (): Promise<CheckoutReturnPayload> => ({ check_url: integration.check_url, product_id: tournamentEntry.id })),
      paymentStatus: paymentStatusMachine.provide({
        actors: { checkPaymentStatus: fromPromise(async () => options.status ?? 'completed') },
        delays: { pollInterval: 5, timeout: 1000 },
      }),
    },
    actions: { navigateExternal: (_, params) => navigateExternal(params) },
  });
  return { actor: createActor(machine, { input }).start(), navigateExternal, requests };
}

describe('purchase machine', () => {
  test('choose a system and pay the product at the checkout', async () => {
    const { actor, navigateExternal, requests } = start({ productId: 3 });
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'system.choose', id: 2 });
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(requests).toEqual([{ ps_id: 2, product_id: 3 }]);
    expect(navigateExternal).toHaveBeenCalledWith({ url: '/sandbox/checkout/p5' });
  });

  test('a refused payment stays on the choice with the reason', async () => {
    const { actor } = start({ productId: 3 }, { fail: true });
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'system.choose', id: 1 });
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('choosing') && s.context.problem !== null);
    expect(actor.getSnapshot().context.problem).toEqual({ code: 'forbidden', message: 'Not allowed' });
  });

  test('an owned product is not bought twice; no product says so', async () => {
    const owned = start({ productId: 3 }, { config: { ...config, product: { ...tournamentEntry, owned: true } } });
    await waitFor(owned.actor, (s) => s.matches('owned'));
    expect(start({ productId: null }).actor.getSnapshot().value).toBe('noProduct');
  });

  test('coming back waits for the provider: completed, or failed with a way to try again', async () => {
    const paid = start({ productId: null, returningPurchaseId: 5 });
    await waitFor(paid.actor, (s) => s.matches('completed'));
    // The return names the purchase only: the server said what it bought, so it can be offered again.
    const declined = start({ productId: null, returningPurchaseId: 5 }, { status: 'failed' });
    await waitFor(declined.actor, (s) => s.matches('failed'));
    expect(declined.actor.getSnapshot().context).toMatchObject({ productId: tournamentEntry.id, checkUrl: integration.check_url });
    declined.actor.send({ type: 'again' });
    await waitFor(declined.actor, (s) => s.matches('choosing'));
  });
});
