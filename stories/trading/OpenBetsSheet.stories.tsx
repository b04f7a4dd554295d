import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { OpenBetsSheet } from '../../src/ui/trading/OpenBetsSheet';
import { openBets } from '../../tests/msw/trading-fixtures';

const rows = [
  { ...openBets[0]!, secondsLeft: 20, liveProfit: 21.25, currentRate: 1.08544 },
  { ...openBets[1]!, secondsLeft: 250, liveProfit: -100, currentRate: 149.6 },
];

const meta = {
  title: 'Patterns/Trading/OpenBetsSheet',
  component: OpenBetsSheet,
  args: { open: true, bets: rows, onClose: fn() },
  parameters: { viewport: { defaultViewport: 'phone' } },
} satisfies Meta<typeof OpenBetsSheet>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The open bets with their countdowns, over the chart's lower part. */
export const WithBets: Story = {
  play: async ({ args, userEvent }) => {
    const sheet = screen.getByRole('dialog', { name: 'Открытые ставки' });
    await expect(
      within(sheet)
        .getAllByTestId('bet-countdown')
        .map((el) => el.textContent),
    ).toEqual(['00:20', '04:10']);
    await userEvent.click(within(sheet).getByRole('button', { name: 'Закрыть' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

export const Empty: Story = {
  args: { bets: [] },
  play: async () => {
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByText('Открытых ставок нет')).toBeVisible());
  },
};

export const Loading: Story = { args: { bets: [], loading: true } };

