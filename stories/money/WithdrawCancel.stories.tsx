import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { WithdrawCancel } from '../../src/ui/money/WithdrawCancel';
import { pendingWithdrawal } from '../../tests/msw/money-fixtures';
import { fixtureKey } from '../support/fixture-text';

const meta = {
  title: 'Patterns/Money/WithdrawCancel',
  component: WithdrawCancel,
  args: { stage: 'ready', withdrawal: pendingWithdrawal, cancellable: true, onConfirm: fn(), onRetry: fn(), onBack: fn(), onAgain: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof WithdrawCancel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { stage: 'loading', withdrawal: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toBeVisible();
  },
};

export const LoadFailed: Story = {
  args: { stage: 'loadFailed', withdrawal: null, problem: fixtureKey('money.error.withdrawal_not_found') },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Повторить|Retry/ }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Ready: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /вернуть деньги|refund/ }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: /Не отменять|Keep it/ }));
    await expect(args.onBack).toHaveBeenCalledTimes(1);
  },
};

export const Cancelling: Story = {
  args: { stage: 'cancelling' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /вернуть деньги|refund/ })).toBeDisabled();
  },
};

export const Cancelled: Story = {
  args: { stage: 'cancelled', withdrawal: { ...pendingWithdrawal, status: 'cancelled' }, cancellable: false },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(/вернулись|back on your main wallet/);
    await userEvent.click(canvas.getByRole('button', { name: /Новый вывод|New withdrawal/ }));
    await expect(args.onAgain).toHaveBeenCalledTimes(1);
  },
};

export const AlreadyProcessed: Story = {
  args: { withdrawal: { ...pendingWithdrawal, status: 'completed' }, cancellable: false, problem: fixtureKey('money.error.not_cancellable') },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: /вернуть деньги|refund/ })).toBeNull();
    await expect(canvas.getByRole('alert')).toHaveTextContent('уже обработан');
  },
};
