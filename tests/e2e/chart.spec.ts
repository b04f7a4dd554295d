import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { base, namespace, XHR } from './support/env';
import { chartPixelOf } from '../../stories/support/chart-pixel';

/**
 * Issue 16 against the real server: on /home a trader adds RSI and Bollinger Bands, switches to
 * Heikin-Ashi and 15-second candles, then opens a 2-chart grid with GBP/USD in the second chart;
 * draws a trend line and a Fibonacci retracement with the mouse and a horizontal line with the
 * keyboard, and drags one handle of the trend line (only that point moves); after a reload, and signed in from a new browser context (the other device), the charts
 * are as they left them: the layout is kept on the server.
 */

const texts = namespace('ru', 'trading');
const text = (key: string, params: Record<string, string | number> = {}) => {
  const value = texts[key];
  if (value === undefined) throw new Error(`missing translation ${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
};
const PASSWORD = 'Quiet-harbor-2026';

async function openRoom(page: Page) {
  await page.goto(`${base()}/home`);
  await expect(page.getByRole('group', { name: /EUR\/USD|GBP\/USD|USD/ }).first()).toBeVisible({ timeout: 30_000 });
}

/** What a chart shows: the kind painted, the timeframe chosen, the indicators in the legend and panes. */
async function expectKept(chart: Page | Locator) {
  await expect(chart.getByLabel(text('trading.chart.timeframe.label'))).toHaveValue('15s');
  await expect(chart.locator('canvas[data-style]')).toHaveAttribute('data-style', 'heikinAshi', { timeout: 30_000 });
  await expect(chart.getByRole('button', { name: text('trading.chart.indicators.button', { count: 2 }) })).toBeVisible();
  await expect(chart.locator('.pane-axis .pane-label')).toHaveText(`${text('trading.chart.indicators.kind.rsi')} 14`);
  // Russian writes a decimal comma, so the title's numbers are set apart by a semicolon.
  await expect(chart.locator('.legend text')).toHaveText(`${text('trading.chart.indicators.kind.bollinger')} 20; 2`);
}

/** The 2-chart grid: the first chart as above, the second on GBP/USD and active (the slip's pair). */
async function expectGridKept(page: Page) {
  const cells = page.getByTestId('chart-cell');
  await expect(cells).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByRole('radio', { name: text('trading.chart.grid.size2') })).toBeChecked();
  await expectKept(cells.nth(0));
  await expect(cells.nth(1).getByRole('button', { name: /^GBP\/USD/ })).toBeVisible();
  await expect(cells.nth(1)).toHaveAttribute('data-active', 'true');
  await expect(cells.nth(1).locator('canvas[data-style]')).toBeVisible();
  await expect(cells.nth(1).getByText(text('trading.chart.loading'))).toHaveCount(0, { timeout: 30_000 });
}

async function signIn(browser: Browser, email: string) {
  const context = await browser.newContext();
  const response = await context.request.post(`${base()}/api/auth/login`, {
    headers: XHR,
    data: { email, password: PASSWORD },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return context;
}

test('indicators, kind and timeframe are kept across a reload and on another device', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = `chart-${randomUUID().slice(0, 8)}@example.com`;
  const registered = await page.request.post(`${base()}/api/auth/register`, {
    headers: XHR,
    data: { email, password: PASSWORD, password_confirmation: PASSWORD, terms: true },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  await openRoom(page);

  // Indicators: RSI (a pane) and Bollinger Bands (over the prices), by keyboard-operable controls.
  await page.getByRole('button', { name: text('trading.chart.indicators.button', { count: 0 }) }).click();
  const sheet = page.getByRole('dialog', { name: text('trading.chart.indicators.title') });
  const kind = sheet.getByRole('combobox', { name: text('trading.chart.indicators.kindLabel'), exact: true });
  await kind.selectOption('rsi');
  await sheet.getByRole('button', { name: text('trading.chart.indicators.addButton'), exact: true }).click();
  await kind.selectOption('bollinger');
  await sheet.getByRole('button', { name: text('trading.chart.indicators.addButton'), exact: true }).click();
  await expect(sheet.getByRole('listitem')).toHaveCount(2);
  await page.keyboard.press('Escape');

  // 15-second candles, drawn as Heikin-Ashi.
  await page.getByLabel(text('trading.chart.timeframe.label')).selectOption('15s');
  await page.getByRole('combobox', { name: text('trading.chart.style.label') }).selectOption('heikinAshi');
  await expectKept(page);

  // Saved on the server a moment after the last change.
  await expect
    .poll(async () => {
      const body = (await (await page.request.get(`${base()}/api/chart/layout`, { headers: XHR })).json()) as {
        payload: { layout: { charts: { timeframe: string; style: string; indicators: { kind: string }[] }[] } | null };
      };
      const chart = body.payload.layout?.charts[0];
      return chart ? `${chart.timeframe} ${chart.style} ${chart.indicators.map((i) => i.kind).join(',')}` : null;
    })
    .toBe('15s heikinAshi rsi,bollinger');

  // Two charts side by side; the second chart's pair is chosen in it, which makes it the active one.
  await page.getByRole('radio', { name: text('trading.chart.grid.size2') }).click();
  const cells = page.getByTestId('chart-cell');
  await expect(cells).toHaveCount(2);
  await cells.nth(1).getByRole('button', { name: /^EUR\/USD/ }).click();
  await page.getByRole('dialog', { name: text('trading.pair.choose') }).getByRole('button', { name: /^GBP\/USD/ }).click();
  await expectGridKept(page);
  await expect
    .poll(async () => {
      const body = (await (await page.request.get(`${base()}/api/chart/layout`, { headers: XHR })).json()) as {
        payload: { layout: { grid: number; active?: number; charts: { pairId: string | null }[] } | null };
      };
      const layout = body.payload.layout;
      return layout ? `${layout.grid} ${layout.active} ${layout.charts.map((c) => c.pairId).join(',')}` : null;
    })
    .toBe('2 1 eurusd,gbpusd');

  await page.reload();
  await expectGridKept(page);

  const other = await signIn(browser, email);
  const otherPage = await other.newPage();
  await openRoom(otherPage);
  await expectGridKept(otherPage);
  await other.close();
});

test('drawings placed with the mouse and the keyboard are kept across a reload and on another device', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const email = `draw-${randomUUID().slice(0, 8)}@example.com`;
  const registered = await page.request.post(`${base()}/api/auth/register`, {
    headers: XHR,
    data: { email, password: PASSWORD, password_confirmation: PASSWORD, terms: true },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  await openRoom(page);

  const chooseTool = async (kind: string) => {
    await page.getByRole('button', { name: text('trading.chart.drawing.button') }).click();
    await page.getByRole('button', { name: text(`trading.chart.drawing.kind.${kind}`) }).click();
    await expect(page.getByRole('status').filter({ hasText: text(`trading.chart.drawing.kind.${kind}`) })).toBeVisible();
  };
  const plot = async () => (await page.locator('svg[role="presentation"]').boundingBox())!;
  const clickAt = async (x: number, y: number) => {
    const box = await plot();
    await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
  };

  // A trend line and a Fibonacci retracement with the mouse: two points each.
  await chooseTool('trend');
  await clickAt(0.3, 0.6);
  await clickAt(0.6, 0.4);
  await chooseTool('fibonacci');
  await clickAt(0.2, 0.7);
  await clickAt(0.5, 0.3);
  // A horizontal line with the keyboard: the crosshair moves with the arrows, Enter places it.
  await chooseTool('horizontal');
  await page.getByRole('group', { name: /EUR\/USD/ }).first().focus();
  for (const key of ['ArrowUp', 'ArrowUp', 'ArrowLeft', 'Enter']) await page.keyboard.press(key);

  type Saved = { kind: string; points: { t: number; v: number }[] };
  const savedDrawings = async () => {
    const body = (await (await page.request.get(`${base()}/api/chart/layout`, { headers: XHR })).json()) as {
      payload: { layout: { drawings?: Record<string, Saved[]> } | null };
    };
    return Object.values(body.payload.layout?.drawings ?? {}).flat();
  };
  const drawingsKept = async () =>
    (await savedDrawings())
      .map((drawing) => drawing.kind)
      .sort()
      .join(',');
  await expect.poll(drawingsKept).toBe('fibonacci,horizontal,trend');
  // Undo takes the horizontal line back (saved like any change), redo brings it again.
  await page.keyboard.press('Control+z');
  await expect(page.getByRole('status').filter({ hasText: text('trading.chart.drawing.undone', { steps: 2 }) })).toBeVisible();
  await expect.poll(drawingsKept).toBe('fibonacci,trend');
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(drawingsKept).toBe('fibonacci,horizontal,trend');

  // The trend line selected, its second handle dragged: only that point moves (in the saved layout).
  const trendPoints = async () => (await savedDrawings()).find((drawing) => drawing.kind === 'trend')!.points;
  const [first, second] = await trendPoints();
  const trend = text('trading.chart.drawing.kind.trend');
  await page.getByRole('button', { name: text('trading.chart.drawing.button') }).click();
  await page.getByRole('button', { name: text('trading.chart.drawing.select', { tool: trend, n: 1 }) }).click();
  // Where the handle is now (the view follows the live price), read off the axes in the page.
  const [x, y] = await page.evaluate(chartPixelOf, second!);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 40, y - 30, { steps: 5 });
  await page.mouse.up();
  await expect(
    page.getByRole('status').filter({ hasText: text('trading.chart.drawing.pointChosen', { tool: trend, n: 2, count: 2 }) }),
  ).toBeVisible();
  await expect.poll(async () => (await trendPoints())[1]!.t).toBeGreaterThan(second!.t);
  expect((await trendPoints())[0]).toEqual(first);

  const expectDrawings = async (room: Page) => {
    await room.getByRole('button', { name: text('trading.chart.drawing.button') }).click();
    for (const [kind, n] of [['trend', 1], ['fibonacci', 2], ['horizontal', 3]] as const) {
      await expect(
        room.getByRole('button', { name: text('trading.chart.drawing.select', { tool: text(`trading.chart.drawing.kind.${kind}`), n }) }),
      ).toBeVisible({ timeout: 30_000 });
    }
  };
  await page.reload();
  await openRoom(page);
  await expectDrawings(page);

  const other = await signIn(browser, email);
  const elsewhere = await other.newPage();
  await openRoom(elsewhere);
  await expectDrawings(elsewhere);
  await other.close();
});

test('in a 2-chart grid each series is read once, and switching the active chart blanks neither chart', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `grid-${randomUUID().slice(0, 8)}@example.com`;
  const registered = await page.request.post(`${base()}/api/auth/register`, {
    headers: XHR,
    data: { email, password: PASSWORD, password_confirmation: PASSWORD, terms: true },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const reads: string[] = [];
  page.on('request', (request) => {
    const read = /\/pair\/([^/]+)\/chart\/(line|candlestick\/\w+)/.exec(request.url());
    if (read) reads.push(`${read[1]} ${read[2]}`);
  });
  await openRoom(page);
  await page.getByRole('radio', { name: text('trading.chart.grid.size2') }).click();
  const cells = page.getByTestId('chart-cell');
  await expect(cells).toHaveCount(2);
  await cells.nth(1).getByRole('button', { name: /^EUR\/USD/ }).click();
  await page.getByRole('dialog', { name: text('trading.pair.choose') }).getByRole('button', { name: /^GBP\/USD/ }).click();
  await expect(cells.nth(1)).toHaveAttribute('data-active', 'true');
  for (const cell of [cells.nth(0), cells.nth(1)]) {
    await expect(cell.locator('canvas[data-style]')).toBeVisible();
    await expect(cell.getByText(text('trading.chart.loading'))).toHaveCount(0, { timeout: 30_000 });
  }
  // One read of each pair's series: the market's first (EUR/USD), the second chart's own while it
  // showed EUR/USD too is none (the market showed it), and GBP/USD once.
  const perSeries = (list: string[]) => list.reduce<Record<string, number>>((counts, read) => ({ ...counts, [read]: (counts[read] ?? 0) + 1 }), {});
  expect(Object.values(perSeries(reads)).every((count) => count === 1), reads.join('; ')).toBe(true);

  // From here on, switching the active chart back and forth reads nothing, and no chart ever
  // shows its loading or empty state (a blank frame) on the way.
  const before = reads.length;
  await page.evaluate(
    ([loading, empty]) => {
      const seen: string[] = [];
      (window as unknown as { blankCharts: string[] }).blankCharts = seen;
      const check = () => {
        for (const cell of document.querySelectorAll('[data-testid="chart-cell"]'))
          if (cell.textContent?.includes(loading!) || cell.textContent?.includes(empty!)) seen.push(cell.textContent ?? '');
      };
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    [text('trading.chart.loading'), text('trading.chart.empty')],
  );
  for (const index of [0, 1, 0, 1]) {
    await cells.nth(index).getByTestId('current-rate').click();
    await expect(cells.nth(index)).toHaveAttribute('data-active', 'true');
  }
  await page.waitForTimeout(500);
  expect(reads.slice(before)).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { blankCharts: string[] }).blankCharts)).toEqual([]);
});
