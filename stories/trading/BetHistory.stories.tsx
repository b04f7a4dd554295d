import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { BetHistory } from '../../src/ui/trading/BetHistory';
import { historyBets, pairViews } from '../../tests/msw/trading-fixtures';
import { expectNoSidewaysScroll, onPhone, onTablet } from '../support/layout-checks';
import { fixtureKey } from '../support/fixture-text';

const meta = {
  title: 'Patterns/Trading/BetHistory',
  component: BetHistory,
  args: {
    filters: { wallet_type: '', pair_id: '', status: '', from: '', to: '' },
    onFiltersChange: fn(),
    onApply: fn(),
    onReset: fn(),
    onPage: fn(),
    onRetry: fn(),
    pairs: pairViews,
    items: historyBets.slice(0, 20),
    page: 1,
    perPage: 20,
    total: 45,
    totals: { staked: 900, returned: 1020.5, profit: 120.5 },
  },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof BetHistory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('Страница 1 из 3')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Вперёд' }));
    await expect(args.onPage).toHaveBeenCalledWith(2);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Статус' }), 'won');
    await expect(args.onFiltersChange).toHaveBeenCalledWith(expect.objectContaining({ status: 'won' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Показать' }));
    await expect(args.onApply).toHaveBeenCalledTimes(1);
  },
};

/** Every wallet at once: one line per wallet (bets, staked, net result), never demo added to real money. */
export const AllWallets: Story = {
  args: {
    byWallet: [
      { wallet_type: 'main', total: 5, staked: 120, profit: -14.4 },
      { wallet_type: 'demo', total: 40, staked: 780, profit: 134.9 },
    ],
  },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: /Итоги по счетам/ });
    const lines = canvas.getAllByTestId('wallet-totals');
    await expect(lines.map((line) => line.querySelector('th')?.textContent)).toEqual(['Основной', 'Демо']);
    await expect(lines[0]).toHaveTextContent('5');
    await expect(lines[0]).toHaveTextContent(/−14,40/);
    await expect(lines[1]).toHaveTextContent(/\+134,90/);
    // The sums over every wallet are not shown: they would add play money to real money.
    await expect(canvas.queryByRole('definition')).toBeNull();
    await expect(table).toBeVisible();
  },
};

export const LastPage: Story = {
  args: { page: 3, items: historyBets.slice(40) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Вперёд' })).toBeDisabled();
  },
};

export const Loading: Story = { args: { loading: true, items: [] } };

export const Empty: Story = {
  args: { items: [], total: 0, totals: { staked: 0, returned: 0, profit: 0 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Ставок по этим условиям нет')).toBeVisible();
  },
};

export const Error: Story = {
  args: { error: fixtureKey('trading.history.error') },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Не удалось загрузить');
    await userEvent.click(canvas.getByRole('button', { name: 'Повторить' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/**
 * At 1280px the filter form sits in one card: every field and both buttons stay inside the card's
 * padding box (the buttons wrap to the next row when they do not fit beside the fields).
 */
export const AsTable: Story = {
  parameters: { viewport: { defaultViewport: 'desktop' } },
  play: async ({ canvas, canvasElement }) => {
    const form = canvas.getByRole('form', { name: 'Фильтры истории ставок' });
    const card = form.parentElement!;
    await expectNoSidewaysScroll(card);
    const cardBox = card.getBoundingClientRect();
    const controls = form.querySelectorAll<HTMLElement>('input, select, button, label');
    await expect(controls.length).toBeGreaterThan(0);
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      await expect(box.left).toBeGreaterThanOrEqual(cardBox.left);
      await expect(box.right).toBeLessThanOrEqual(cardBox.right);
    }
    await expect(canvas.getByRole('button', { name: 'Сбросить' })).toBeVisible();
    await expectNoSidewaysScroll(canvasElement);
  },
};

export const CompactLayout: Story = { ...onPhone };

export const MediumLayout: Story = { ...onTablet };
