import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ClosedBetsTable } from '../../src/ui/trading/ClosedBetsTable';
import { closedBets } from '../../tests/msw/trading-fixtures';
import { onPhone, onTablet } from '../support/layout-checks';

const meta = {
  title: 'Patterns/Trading/ClosedBetsTable',
  component: ClosedBetsTable,
  args: { bets: closedBets },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof ClosedBetsTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('row')).toHaveLength(4);
    await expect(canvas.getByText('Выигрыш')).toBeVisible();
    await expect(canvas.getByText('Проигрыш')).toBeVisible();
    await expect(canvas.getByText('Возврат')).toBeVisible();
  },
};
export const Loading: Story = { args: { loading: true } };
export const Empty: Story = {
  args: { bets: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Закрытых ставок пока нет')).toBeVisible();
  },
};
export const LongText: Story = {
  args: {
    bets: closedBets.map((bet) => ({ ...bet, amount: 999_999.99, profit: bet.profit ? bet.profit * 10_000 : 0 })),
  },
};
export const CompactLayout: Story = { ...onPhone };


export const MediumLayout: Story = { ...onTablet };
