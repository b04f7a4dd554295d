import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { WithdrawPending } from '../../src/ui/money/WithdrawPending';
import { pendingWithdrawal } from '../../tests/msw/money-fixtures';

const meta = {
  title: 'Patterns/Money/WithdrawPending',
  component: WithdrawPending,
  args: { withdrawal: pendingWithdrawal, onCancel: fn(), onAgain: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof WithdrawPending>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Pending: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('status')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Отменить вывод|Cancel withdrawal/ }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};

export const Completed: Story = {
  args: { withdrawal: { ...pendingWithdrawal, status: 'completed' } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: /Отменить вывод|Cancel withdrawal/ })).toBeNull();
    await expect(canvas.getByRole('status')).toHaveTextContent(/отправлена|sent/);
  },
};

export const Rejected: Story = {
  args: { withdrawal: { ...pendingWithdrawal, status: 'rejected' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(/возвращена|back on your main wallet/);
  },
};
