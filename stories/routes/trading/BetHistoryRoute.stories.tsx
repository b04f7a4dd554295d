import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { pointerFocusLeft } from '../../support/focus';
import { BetHistoryRoute } from '../../../src/routes/history/bet-history-route';
import { errorBody, signedInUser } from '../../../tests/msw/fixtures';
import { authCheckAs } from '../../../tests/msw/auth';
import { withApp } from '../../../.storybook/app-decorator';

/**
 * The bets history over its statechart and the real api, answered by the shared msw handlers:
 * 48 settled bets (the 3 latest and 45 older ones), 20 a page.
 */
const meta = {
  title: 'Screens/Trading/BetHistory',
  // A route runs its statecharts against msw: its stories are the page, a props table says nothing.
  tags: ['!autodocs'],
  component: BetHistoryRoute,
  decorators: [withApp],
  // A signed-in trader on the demo wallet (the fixtures' open and closed bets are demo bets).
  beforeEach({ msw }) {
    msw.use(authCheckAs(signedInUser));
    localStorage.setItem('wallet', 'demo');
    return () => localStorage.removeItem('wallet');
  },
  parameters: { route: { path: '/history/bets' } },
} satisfies Meta<typeof BetHistoryRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

const TABLE = 'История ставок';
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(http.get('*/api/bet/history', () => delay('infinite')));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: TABLE })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Показать' })).toHaveAttribute('aria-busy', 'true');
  },
};

/** The first page on a desktop, the totals, then the next page. */
export const AsTable: Story = {
  parameters: { viewport: { defaultViewport: 'desktop' } },
  play: async ({ canvas, userEvent }) => {
    const table = await canvas.findByRole('table', { name: TABLE });
    await expect(rowsOf(table)).toHaveLength(20);
    // It opens on the wallet in use (demo here): play money is not summed with real money.
    await expect(canvas.getByRole('combobox', { name: /Счёт/ })).toHaveValue('demo');
    await expect(canvas.getByText('Страница 1 из 3')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Вперёд' }));
    await expect(canvas.getByText('Страница 2 из 3')).toBeVisible();
    await waitFor(() => expect(rowsOf(canvas.getByRole('table', { name: TABLE }))).toHaveLength(20));
    await expect(canvas.getByRole('table', { name: TABLE })).toHaveTextContent('Выигрыш');
  },
};

/** Filters apply together and go back to the first page; a reversed range is refused. */
export const Filters: Story = {
  parameters: { viewport: { defaultViewport: 'desktop' } },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('table', { name: TABLE });
    await userEvent.selectOptions(canvas.getByLabelText('Статус'), 'refund');
    await userEvent.click(canvas.getByRole('button', { name: 'Показать' }));
    await waitFor(() => expect(rowsOf(canvas.getByRole('table', { name: TABLE }))).toHaveLength(1));
    await expect(canvas.getByRole('table', { name: TABLE })).toHaveTextContent('GBP/USD');

    await userEvent.click(canvas.getByRole('button', { name: 'Сбросить' }));
    await waitFor(() => expect(rowsOf(canvas.getByRole('table', { name: TABLE }))).toHaveLength(20));

    // Dates typed in Russian order. The story ends on this refusal, the state a filter has and
    // the failed load does not.
    await userEvent.type(canvas.getByLabelText('С даты'), '20.11.2026');
    await userEvent.type(canvas.getByLabelText('По дату'), '02.11.2026');
    await userEvent.click(canvas.getByRole('button', { name: 'Показать' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Дата начала не может быть позже даты окончания');
  },
};

/** "All" wallets: the totals come one line per wallet, and the list keeps every bet. */
export const AllWallets: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('table', { name: TABLE });
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: /Счёт/ }), '');
    await userEvent.click(canvas.getByRole('button', { name: 'Показать' }));
    const perWallet = await canvas.findByRole('table', { name: /Итоги по счетам/ });
    await expect(within(perWallet).getAllByTestId('wallet-totals')).toHaveLength(1);
    await expect(within(perWallet).getByRole('rowheader')).toHaveTextContent('Демо');
    await expect(within(perWallet).getByTestId('wallet-totals')).toHaveTextContent('48');
    await pointerFocusLeft(canvasElement);
  },
};

/** On a phone the bets are cards. */
export const AsCards: Story = {
  parameters: { viewport: { defaultViewport: 'phone' } },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: TABLE });
    await expect(rowsOf(table)).toHaveLength(20);
    await expect(getComputedStyle(rowsOf(table)[0]!).display).toBe('block');
  },
};

/** The history cannot be loaded: the server's reason and a retry that works. */
export const Failure: Story = {
  beforeEach({ msw }) {
    let first = true;
    msw.use(
      http.get('*/api/bet/history', () => {
        if (!first) return undefined;
        first = false;
        return HttpResponse.json(errorBody('internal', 'Внутренняя ошибка сервера').body, { status: 500 });
      }),
    );
  },
  play: async ({ canvas, userEvent }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Не удалось загрузить историю ставок');
    await userEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    await expect(await canvas.findByRole('table', { name: TABLE })).toBeVisible();
  },
};
