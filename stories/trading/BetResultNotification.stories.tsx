import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { BetResultNotification } from '../../src/ui/trading/BetResultNotification';
import { closedBets } from '../../tests/msw/trading-fixtures';
import { onPhone } from '../support/layout-checks';

const meta = {
  title: 'Trading/BetResultNotification',
  component: BetResultNotification,
  args: { bet: closedBets[0]!, onDismiss: fn() },
} satisfies Meta<typeof BetResultNotification>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Won: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Ставка выиграла: EUR/USD');
    await userEvent.click(canvas.getByRole('button', { name: 'Закрыть уведомление' }));
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};
export const Lost: Story = {
  args: { bet: closedBets[1]! },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Ставка проиграла');
  },
};
export const Refund: Story = { args: { bet: closedBets[2]! } };
export const Queued: Story = {
  args: { queued: 2 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Ещё результатов: 2');
  },
};
export const Mobile: Story = { ...onPhone };

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Bet won: EUR/USD+$21.25Up, $25.00: 1.08512 → 1.08544');
  },
};
