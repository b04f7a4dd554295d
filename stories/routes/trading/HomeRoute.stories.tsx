import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { useEffect } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import type { Bet } from '../../../src/api/contract/bets';
import type { RealtimeHub } from '../../../src/api/socket';
import { useRealtime } from '../../../src/routes/app-services';
import { HomeRoute } from '../../../src/routes/home/home-route';
import { errorBody, signedInUser } from '../../../tests/msw/fixtures';
import { authCheckAs } from '../../../tests/msw/auth';
import { withApp } from '../../../.storybook/app-decorator';
import { holdStoryClock } from '../../../.storybook/story-clock';

/**
 * The trading screen over the real statecharts and api, answered by the shared msw handlers: the
 * pairs and the EUR/USD chart, the demo wallet's open bet (EUR/USD up 25.00) and closed bets. A
 * story plays the server's part on the socket through the app's realtime hub.
 */
let hub: RealtimeHub | null = null;
function CaptureHub() {
  const realtime = useRealtime();
  useEffect(() => {
    hub = realtime;
    return () => {
      hub = null;
    };
  }, [realtime]);
  return null;
}

const meta = {
  title: 'Screens/Trading/Home',
  // A route runs its statecharts against msw: its stories are the page, a props table says nothing.
  tags: ['!autodocs'],
  component: HomeRoute,
  decorators: [withApp],
  // A signed-in trader on the demo wallet (the fixtures' open and closed bets are demo bets).
  beforeEach({ msw }) {
    msw.use(authCheckAs(signedInUser));
    localStorage.setItem('wallet', 'demo');
    return () => localStorage.removeItem('wallet');
  },
  // The "Statecharts" panel (.storybook/manager.ts) opens on the trading room's actor.
  parameters: { route: { path: '/home' }, statecharts: { actor: 'trading' } },
  render: () => (
    <>
      <CaptureHub />
      <HomeRoute />
    </>
  ),
} satisfies Meta<typeof HomeRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

const CHART = 'График цены EUR/USD';
const upButton = (canvas: ReturnType<typeof within>) => canvas.getByRole('button', { name: /^▲ Выше/ });

/** The pairs are on their way: the pair selector and the chart wait. */
export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(http.get('*/api/pair/list', () => delay('infinite')));
  },
  play: async ({ canvas }) => {
    const chart = await canvas.findByRole('group', { name: /График цены/ });
    await expect(chart).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByText('Загружаем график')).toBeVisible();
    // The slip waits in blocks of its size: no '0,00 $' limits, no '0 %'.
    const slip = canvas.getByRole('region', { name: 'Новая ставка' });
    await expect(slip).toHaveAttribute('aria-busy', 'true');
    await expect(slip).not.toHaveTextContent(/0,00|0\s%/);
  },
};

/** Everything loaded on a desktop: chart with the open bet's line, bet slip, open and closed bets. */
export const ThreeColumns: Story = {
  parameters: { viewport: { defaultViewport: 'desktop' } },
  play: async ({ canvas, canvasElement }) => {
    const chart = await canvas.findByRole('group', { name: CHART });
    await waitFor(() => expect(chart).toHaveAttribute('data-status', 'ready'));
    await expect(chart).toHaveAccessibleDescription(/Открытых ставок на графике: 1\./);
    // The fixture's bet opened at a fixed time, outside the live window drawn: it is handed to the chart all the same.
    await expect(canvasElement.querySelector('[data-open-bet-marks="501"]')).not.toBeNull();
    // The bets, their history and the slip each arrive on their own request: wait for each.
    await expect(await canvas.findByRole('row', { name: /^EUR\/USD, Выше/ })).toBeVisible();
    await expect(await canvas.findByRole('table', { name: 'Закрытые ставки' })).toBeVisible();
    await expect(await canvas.findByRole('radio', { name: '30 с' })).toBeChecked();
  },
};

/** The same on a phone: one column, the bets as cards. */
export const OneColumn: Story = {
  parameters: { viewport: { defaultViewport: 'phone' } },
  play: async ({ canvas }) => {
    const chart = await canvas.findByRole('group', { name: CHART });
    await waitFor(() => expect(chart).toHaveAttribute('data-status', 'ready'));
    await expect(upButton(canvas)).toBeVisible();
    await expect(canvas.getByRole('row', { name: /^EUR\/USD, Выше/ })).toBeVisible();
  },
};

/** A click on up while the server thinks: the button spins and a second click places nothing. */
export const Placing: Story = {
  beforeEach({ msw }) {
    let calls = 0;
    msw.use(
      http.post('*/api/bet/user/place', async () => {
        calls += 1;
        document.body.dataset.placeCalls = String(calls);
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    return () => {
      delete document.body.dataset.placeCalls;
    };
  },
  play: async ({ canvas, userEvent }) => {
    const chart = await canvas.findByRole('group', { name: CHART });
    await waitFor(() => expect(chart).toHaveAttribute('data-status', 'ready'));
    await userEvent.click(upButton(canvas));
    await waitFor(() => expect(upButton(canvas)).toHaveAttribute('aria-busy', 'true'));
    await expect(canvas.getByRole('button', { name: /^▼ Ниже/ })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(upButton(canvas));
    await expect(document.body.dataset.placeCalls).toBe('1');
  },
};

/** The server refuses the bet: its reason shows and the slip keeps the stake for another try. */
export const Failure: Story = {
  beforeEach({ msw }) {
    msw.use(
      http.post('*/api/bet/user/place', () => {
        const { status, body } = errorBody('insufficient_funds', 'Недостаточно средств на счёте');
        return HttpResponse.json(body, { status });
      }),
    );
  },
  play: async ({ canvas, userEvent }) => {
    const chart = await canvas.findByRole('group', { name: CHART });
    await waitFor(() => expect(chart).toHaveAttribute('data-status', 'ready'));
    await userEvent.clear(canvas.getByLabelText('Сумма ставки, USD'));
    await userEvent.type(canvas.getByLabelText('Сумма ставки, USD'), '15');
    await userEvent.click(upButton(canvas));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Ставка не принята');
    await expect(alert).toHaveTextContent('Недостаточно средств на счёте');
    await expect(canvas.getByLabelText('Сумма ставки, USD')).toHaveValue('15');
    // Short of money on demo: the way forward is a deposit (the trader is on demo already).
    await expect(within(alert).getByRole('button', { name: 'Пополнить' })).toBeVisible();
    await expect(within(alert).queryByRole('button', { name: 'Перейти на демо-счёт' })).toBeNull();
  },
};

/** A stake above the real wallet's balance: the slip offers the demo wallet and a deposit; demo takes the bet. */
export const ShortOfMoney: Story = {
  beforeEach({ msw }) {
    const wallets = signedInUser.wallets!.map((wallet) => (wallet.wallet_type === 'main' ? { ...wallet, amount: 5 } : wallet));
    msw.use(authCheckAs({ ...signedInUser, wallets }));
    localStorage.setItem('wallet', 'main');
  },
  play: async ({ canvas, userEvent }) => {
    const chart = await canvas.findByRole('group', { name: CHART });
    await waitFor(() => expect(chart).toHaveAttribute('data-status', 'ready'));
    await userEvent.clear(canvas.getByLabelText('Сумма ставки, USD'));
    await userEvent.type(canvas.getByLabelText('Сумма ставки, USD'), '10');
    const actions = await canvas.findByRole('group', { name: 'Как получить деньги на ставку' });
    await expect(within(actions).getByRole('button', { name: 'Пополнить' })).toBeVisible();
    await userEvent.click(within(actions).getByRole('button', { name: 'Перейти на демо-счёт' }));
    await waitFor(() => expect(localStorage.getItem('wallet')).toBe('demo'));
    await waitFor(() => expect(canvas.queryByRole('group', { name: 'Как получить деньги на ставку' })).toBeNull());
  },
};

/** The connection to the server is lost: Up and Down wait, saying why; the stake typed stays. */
export const ConnectionLost: Story = {
  play: async ({ canvas, userEvent }) => {
    const chart = await canvas.findByRole('group', { name: CHART });
    await waitFor(() => expect(chart).toHaveAttribute('data-status', 'ready'));
    await userEvent.clear(canvas.getByLabelText('Сумма ставки, USD'));
    await userEvent.type(canvas.getByLabelText('Сумма ставки, USD'), '12');
    hub?.setStatus('reconnecting');
    await waitFor(() => expect(upButton(canvas)).toBeDisabled());
    await expect(canvas.getByRole('button', { name: /^▼ Ниже/ })).toBeDisabled();
    await expect(canvas.getAllByText('Нет связи с сервером: ставку можно сделать, когда связь вернётся.')[0]).toBeVisible();
    hub?.setStatus('connected');
    await waitFor(() => expect(upButton(canvas)).toBeEnabled());
    await expect(canvas.getByLabelText('Сумма ставки, USD')).toHaveValue('12');
  },
};

/**
 * The bet reaches the server but its answers are lost with the connection (the client's own quick
 * retry too): the slip says it is checking, and when the connection is back the same request goes
 * again with the same Idempotency-Key, which the server answers with the bet it placed the first
 * time: one bet.
 */
export const AnswerLost: Story = {
  beforeEach() {
    const realFetch = globalThis.fetch;
    const keys: string[] = [];
    globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      if (!request.url.endsWith('/api/bet/user/place')) return realFetch(request);
      keys.push(request.headers.get('idempotency-key') ?? '');
      document.body.dataset.placeKeys = keys.join(' ');
      const response = await realFetch(request);
      if (keys.length <= 2) throw new TypeError('Failed to fetch');
      return response;
    };
    return () => {
      globalThis.fetch = realFetch;
      delete document.body.dataset.placeKeys;
    };
  },
  play: async ({ canvas, userEvent }) => {
    const chart = await canvas.findByRole('group', { name: CHART });
    await waitFor(() => expect(chart).toHaveAttribute('data-status', 'ready'));
    hub?.setStatus('connected');
    await userEvent.click(upButton(canvas));
    await expect(await canvas.findByText('Связь прервалась во время ставки: проверяем, принята ли она…')).toBeVisible();
    await expect(canvas.getByRole('button', { name: /^▼ Ниже/ })).toHaveAttribute('aria-disabled', 'true');
    hub?.setStatus('reconnecting');
    hub?.setStatus('connected');
    await expect(await canvas.findByText(/^Ставка открыта: EUR\/USD/)).toBeVisible();
    const keys = (document.body.dataset.placeKeys ?? '').split(' ');
    await expect(keys).toHaveLength(3);
    await expect(new Set(keys).size).toBe(1);
    // A picture that holds: the notice gone, the bet's countdown (from the feed's latest tick,
    // 07:30:00) read at 07:30:10 on a clock that stands still.
    const slip = canvas.getByRole('region', { name: 'Новая ставка' });
    await waitFor(() => expect(within(slip).queryByText(/^Ставка открыта: EUR\/USD/)).toBeNull(), { timeout: 5000 });
    holdStoryClock(10);
    const placed = canvas.getByRole('row', { name: /^EUR\/USD, Выше, 1,00/ });
    await waitFor(() => expect(within(placed).getByTestId('bet-countdown')).toHaveTextContent('00:20'));
  },
};

/** The pairs cannot be loaded: the chart says so and offers a retry that works. */
export const PairsFailure: Story = {
  beforeEach({ msw }) {
    let first = true;
    msw.use(
      http.get('*/api/pair/list', () => {
        if (!first) return undefined;
        first = false;
        return HttpResponse.json(errorBody('internal', 'Внутренняя ошибка сервера').body, { status: 500 });
      }),
    );
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Не удалось загрузить валютные пары');
    // Only the error and its retry: no '0,00 $ to 0,00 $', no '0 %', no empty axis.
    const slip = canvas.getByRole('region', { name: 'Новая ставка' });
    await expect(slip).toHaveTextContent('Ставки откроются, когда загрузятся валютные пары.');
    await expect(slip).not.toHaveTextContent(/0,00\s\$|\b0\s%/);
    await expect(canvasElement.querySelector('[data-status="error"] canvas')?.parentElement).not.toBeVisible();
    await userEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    const chart = await canvas.findByRole('group', { name: CHART });
    await waitFor(() => expect(chart).toHaveAttribute('data-status', 'ready'));
  },
};

/** One-click mode off: the modal sums the order up; confirming places it and the open bets list it. */
export const ConfirmAndSettle: Story = {
  parameters: { viewport: { defaultViewport: 'desktop' } },
  play: async ({ canvas, userEvent }) => {
    const chart = await canvas.findByRole('group', { name: CHART });
    await waitFor(() => expect(chart).toHaveAttribute('data-status', 'ready'));
    await userEvent.click(canvas.getByLabelText('Торговля в один клик (без подтверждения)'));
    await userEvent.clear(canvas.getByLabelText('Сумма ставки, USD'));
    await userEvent.type(canvas.getByLabelText('Сумма ставки, USD'), '10');
    await userEvent.click(upButton(canvas));
    const body = within(document.body);
    const dialog = await body.findByRole('dialog', { name: 'Подтвердите ставку' });
    await expect(dialog).toHaveTextContent('EUR/USD');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Поставить выше' }));
    const row = await canvas.findByRole('row', { name: /^EUR\/USD, Выше, 10,00/ });
    await expect(row).toBeVisible();
    await expect(await canvas.findByText(/^Ставка открыта: EUR\/USD/)).toBeVisible();

    // The server settles the bet over the socket: the result shows and the bet moves to the closed ones.
    const ids = [...chart.ownerDocument.querySelectorAll('[data-bet-id]')].map((mark) => Number(mark.getAttribute('data-bet-id')));
    const id = Math.max(...ids);
    const open = within(row).getByTestId('bet-countdown');
    await expect(open).toBeVisible();
    const settled: Partial<Bet> = { status: 'won', close_rate: 1.09, close_rate_id: 3_000_000, profit: 8.5 };
    hub?.publish({
      type: 'bet',
      bet: {
        id,
        wallet_type: 'demo',
        pair_id: 'eurusd',
        symbol: 'EUR/USD',
        direction: 'up',
        amount: 10,
        payout_percent: 85,
        open_rate: 1.08512,
        open_rate_id: 2_000_000,
        opened_at: new Date(Date.now() - 30_000).toISOString(),
        expires_at: new Date().toISOString(),
        closed_at: new Date().toISOString(),
        ...settled,
      } as Bet,
    });
    const result = await canvas.findByTestId('bet-result');
    await expect(result).toHaveTextContent('Ставка выиграла: EUR/USD');
    await waitFor(() => expect(canvas.queryByRole('row', { name: /^EUR\/USD, Выше, 10,00/ })).toBeNull());
  },
};

/**
 * A bet of another wallet (the main one, while the room shows demo) settles: the room announces it
 * too, naming its wallet, and keeps it out of the demo wallet's lists.
 */
export const OtherWalletResult: Story = {
  play: async ({ canvas }) => {
    const chart = await canvas.findByRole('group', { name: CHART });
    await waitFor(() => expect(chart).toHaveAttribute('data-status', 'ready'));
    await waitFor(() => expect(hub).not.toBeNull());
    hub?.publish({
      type: 'bet',
      bet: {
        id: 9_000_001,
        wallet_type: 'main',
        pair_id: 'gbpusd',
        symbol: 'GBP/USD',
        direction: 'down',
        amount: 40,
        payout_percent: 85,
        open_rate: 1.27,
        open_rate_id: 2_000_001,
        opened_at: new Date(Date.now() - 60_000).toISOString(),
        expires_at: new Date().toISOString(),
        status: 'lost',
        close_rate: 1.28,
        close_rate_id: 3_000_001,
        closed_at: new Date().toISOString(),
        profit: -40,
      } satisfies Bet,
    });
    const result = await canvas.findByTestId('bet-result');
    await expect(result).toHaveTextContent('Ставка проиграла: GBP/USD');
    await expect(result).toHaveTextContent('На счёте «Основной», а не на текущем');
    await expect(within(canvas.getByTestId('closed-bets')).queryByText(/GBP\/USD, Ниже, 40,00/)).toBeNull();
  },
};
