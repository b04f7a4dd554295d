import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { OpenBetsTable } from '../../src/ui/trading/OpenBetsTable';
import { openBets } from '../../tests/msw/trading-fixtures';
import { expectNoSidewaysScroll, onTablet } from '../support/layout-checks';

const rows = [
  { ...openBets[0]!, secondsLeft: 20, liveProfit: 21.25, currentRate: 1.08544 },
  { ...openBets[1]!, secondsLeft: 250, liveProfit: -100, currentRate: 149.6 },
];

const meta = {
  title: 'Patterns/Trading/OpenBetsTable',
  component: OpenBetsTable,
  args: { bets: rows },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof OpenBetsTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table')).toBeVisible();
    await expect(canvas.getAllByTestId('bet-countdown').map((el) => el.textContent)).toEqual(['00:20', '04:10']);
    await expect(canvas.getByText(/\+.*21,25|\+\$21\.25/)).toBeVisible();
  },
};

export const NoRateYet: Story = { args: { bets: [{ ...rows[0]!, liveProfit: null, currentRate: null }] } };
export const Loading: Story = { args: { loading: true } };
export const Empty: Story = {
  args: { bets: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Открытых ставок нет')).toBeVisible();
  },
};
export const CompactLayout: Story = {
  parameters: { viewport: { defaultViewport: 'phone' } },
  play: async ({ canvas, canvasElement }) => {
    // Under 60rem the rows are cards: the header row is hidden, each cell carries its label.
    await expect(canvas.getAllByRole('cell')[0]).toHaveAttribute('data-label', 'Пара');
    await expectNoSidewaysScroll(canvasElement);
  },
};


export const MediumLayout: Story = { ...onTablet };
/** With early close: each bet's button with its live offer, or disabled without one. */
export const Closable: Story = {
  args: {
    bets: [
      { ...rows[0]!, close: { phase: 'offered', amount: 27.1, error: null } },
      { ...rows[1]!, close: { phase: 'unavailable', amount: null, error: null } },
    ],
    closeEarly: { onClose: fn(), onConfirm: fn(), onCancel: fn() },
  },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^Закрыть за 27,10.*: EUR\/USD/ }));
    await expect(args.closeEarly!.onClose).toHaveBeenCalledWith(rows[0]!.id);
    await expect(canvas.getByRole('button', { name: /^Нет предложения: / })).toBeDisabled();
  },
};

/** With early close in one-click mode: the button sells at the offer at once. */
export const ClosableOneClick: Story = {
  args: {
    bets: [{ ...rows[0]!, close: { phase: 'offered', amount: 27.1, error: null, oneClick: true } }],
    closeEarly: { onClose: fn(), onConfirm: fn(), onCancel: fn() },
  },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^Закрыть сейчас за 27,10.*: EUR\/USD/ }));
    await expect(args.closeEarly!.onClose).toHaveBeenCalledWith(rows[0]!.id);
  },
};
