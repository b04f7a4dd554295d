import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PaymentSystemList } from '../../src/ui/money/PaymentSystemList';
import { depositSystems, withdrawSystems } from '../../tests/msw/money-fixtures';

const meta = {
  title: 'Patterns/Money/PaymentSystemList',
  component: PaymentSystemList,
  args: { systems: depositSystems, onChoose: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof PaymentSystemList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Deposit: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /USDT TRC-20/ }));
    await expect(args.onChoose).toHaveBeenCalledWith(2);
  },
};

export const WithdrawWithFees: Story = {
  args: { systems: withdrawSystems, showFee: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Банковская карта/ })).toHaveTextContent(/комиссия 2\s%/);
  },
};

export const Selected: Story = {
  args: { selectedId: 3 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Банковский перевод/ })).toHaveAttribute('aria-pressed', 'true');
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.queryAllByRole('button')).toHaveLength(0);
  },
};

export const Empty: Story = {
  args: { systems: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/нет доступных|No payment method/)).toBeVisible();
  },
};
