import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { AmountInput } from '../../src/ui/trading/AmountInput';
import { onPhone } from '../support/layout-checks';

const meta = {
  title: 'Patterns/Trading/AmountInput',
  component: AmountInput,
  args: {
    value: '10',
    onChange: fn(),
    incButtons: [1, 5, 10, 50, 100],
    onIncrement: fn(),
    onDecrement: fn(),
    min: 1,
    max: 1000,
  },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof AmountInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Добавить \$?50|Добавить 50/ }));
    await expect(args.onIncrement).toHaveBeenCalledWith(50);
    await userEvent.click(canvas.getByRole('button', { name: 'Увеличить на 1' }));
    await expect(args.onIncrement).toHaveBeenCalledWith(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Уменьшить на 1' }));
    await expect(args.onDecrement).toHaveBeenCalledWith(1);
    await userEvent.type(canvas.getByRole('textbox'), '5');
    await expect(args.onChange).toHaveBeenCalledWith('105');
  },
};

export const Error: Story = {
  args: { value: '0.5', error: 'Минимальная ставка — 1,00 USD' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('textbox')).toHaveAccessibleDescription(/Минимальная ставка/);
  },
};

export const Empty: Story = { args: { value: '' } };

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toBeDisabled();
  },
};

export const CompactLayout: Story = { ...onPhone };

