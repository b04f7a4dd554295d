import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { DepositForm } from '../../src/ui/money/DepositForm';
import { depositSystems } from '../../tests/msw/money-fixtures';

const meta = {
  title: 'Patterns/Money/DepositForm',
  component: DepositForm,
  args: { system: depositSystems[0]!, amount: '', onAmountChange: fn(), onSubmit: fn(), onBack: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof DepositForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox'), '5');
    await expect(args.onAmountChange).toHaveBeenCalledWith('5');
    await expect(canvas.getByText(/5[\s,]?000\.00|5 000,00/)).toBeVisible();
  },
};

export const Filled: Story = {
  args: { amount: '100.00' },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /оплат|payment/i }));
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: /Другой способ|Another method/ }));
    await expect(args.onBack).toHaveBeenCalledTimes(1);
  },
};

export const BelowMinimum: Story = {
  args: { amount: '5', amountError: 'Минимальная сумма: 10.00 USD' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(/Минимальная сумма/);
  },
};

export const Busy: Story = {
  args: { amount: '100.00', busy: true },
  play: async ({ args, canvas, userEvent }) => {
    const submit = canvas.getByRole('button', { name: /оплат|payment/i });
    await expect(submit).toBeDisabled();
    await userEvent.click(submit);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const ServerError: Story = {
  args: { amount: '100.00', problem: 'Платёжная система временно недоступна' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('временно недоступна');
  },
};
