import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { FundsActions } from '../../src/ui/money/FundsActions';

const meta = {
  title: 'Patterns/Money/FundsActions',
  component: FundsActions,
  args: { onSwitchToDemo: fn(), onDeposit: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof FundsActions>;
export default meta;
type Story = StoryObj<typeof meta>;

/** On a real wallet: play money first, a deposit second. */
export const OnRealWallet: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Перейти на демо-счёт' }));
    await expect(args.onSwitchToDemo).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Пополнить' }));
    await expect(args.onDeposit).toHaveBeenCalled();
  },
};

/** Already on demo: only the deposit is left to offer. */
export const OnDemoWallet: Story = {
  args: { onSwitchToDemo: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Перейти на демо-счёт' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Пополнить' })).toBeVisible();
  },
};

