import { expect, test, type APIRequestContext } from '@playwright/test';
import { base, namespace, placeDemoBetByApi, signUpByApi, XHR } from './support/env';

/**
 * A lost connection (issue 20, item 5), at a phone's width and a desktop's: the banner says so,
 * Up and Down wait with the reason while the stake typed stays, and back online the room reads
 * the bets again, so a bet placed meanwhile (here from another device, through the API) shows,
 * and the orders again, so an order cancelled meanwhile no longer shows as pending.
 */
const texts = { ...namespace('ru', 'shell'), ...namespace('ru', 'trading') };
const text = (key: string) => {
  const value = texts[key];
  if (!value) throw new Error(`missing translation ${key}`);
  return value;
};

/** A time order on the demo wallet half an hour ahead, set through the API; its id. */
async function placeTimeOrderByApi(request: APIRequestContext): Promise<number> {
  const list = await request.get(`${base()}/api/pair/list`, { headers: XHR });
  const { payload } = (await list.json()) as {
    payload: { items: { id: string; active: boolean }[]; platform: { intervals: number[] } };
  };
  const pair = payload.items.find((item) => item.active);
  if (!pair) throw new Error('no active pair');
  const created = await request.post(`${base()}/api/order/create`, {
    headers: XHR,
    data: {
      kind: 'time',
      at: new Date(Date.now() + 30 * 60_000).toISOString(),
      expires_at: new Date(Date.now() + 60 * 60_000).toISOString(),
      wallet_type: 'demo',
      pair_id: pair.id,
      direction: 'up',
      amount: 1,
      interval: payload.platform.intervals[0],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { payload: { order: { id: number } } }).payload.order.id;
}

for (const width of [375, 1280]) {
  test(`offline and back in the trading room at ${width} px`, async ({ page, context }) => {
    await page.setViewportSize({ width, height: width < 992 ? 740 : 900 });
    await signUpByApi(context.request, 'offline', 'ru');
    const order = await placeTimeOrderByApi(context.request);
    await page.goto(`${base()}/home`);
    await page.evaluate(() => localStorage.setItem('wallet', 'demo'));
    await page.reload();
    await expect(page.locator('[role="group"][data-status="ready"]').first()).toBeVisible();
    const up = page.getByRole('button', { name: new RegExp(`^▲ ${text('trading.direction.up')}`) });
    await expect(up).toBeEnabled();
    const stake = page.getByLabel(text('trading.amount.label'));
    await stake.fill('7');

    const orders = page.getByTestId('trade-controls').getByRole('list', { name: text('trading.orders.title') });
    if (width >= 992) await expect(orders.getByRole('listitem')).toContainText(text('trading.orders.status.pending'));

    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: text('shell.connectivity.offline') })).toBeVisible();
    await expect(up).toBeDisabled();
    await expect(page.getByText(text('trading.slip.offline'))).toBeVisible();
    await expect(stake).toHaveValue('7');

    // Meanwhile a bet is placed from elsewhere (the API request context is not the page's network).
    await placeDemoBetByApi(context.request, 3);
    const cancelled = await context.request.post(`${base()}/api/order/${order}/cancel`, { headers: XHR });
    expect(cancelled.ok(), await cancelled.text()).toBe(true);

    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: text('shell.connectivity.back') })).toBeVisible({
      timeout: 30_000,
    });
    await expect(up).toBeEnabled();
    await expect(stake).toHaveValue('7');
    if (width >= 992) {
      await expect(
        page.getByRole('row', { name: new RegExp(`, ${text('trading.direction.up')}, 3,00`) }),
      ).toBeVisible();
      await expect(orders.getByRole('listitem')).toHaveCount(1);
      await expect(orders.getByRole('listitem')).toContainText(text('trading.orders.status.cancelled'));
    } else {
      await page.getByRole('button', { name: new RegExp(text('trading.bar.open')) }).click();
      await expect(page.getByText(/3,00\s\$/).first()).toBeVisible();
    }
  });
}
