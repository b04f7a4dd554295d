import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { DepositStatus } from '../../src/ui/money/DepositStatus';

const meta = {
  title: 'Patterns/Money/DepositStatus',
  component: DepositStatus,
  args: { status: 'waiting', onRetry: fn(), onAgain: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof DepositStatus>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Waiting: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const Completed: Story = {
  args: { status: 'completed' },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(/зачислены|on your main wallet/);
    await userEvent.click(canvas.getByRole('button'));
    await expect(args.onAgain).toHaveBeenCalledTimes(1);
  },
};

export const Failed: Story = {
  args: { status: 'failed' },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /снова|Try again/ }));
    await expect(args.onAgain).toHaveBeenCalledTimes(1);
  },
};

export const TimedOut: Story = {
  args: { status: 'timeout' },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Проверить|Check again/ }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const PurchaseCompleted: Story = {
  args: { status: 'completed', kind: 'purchase' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(/турнире|tournament/);
  },
};
