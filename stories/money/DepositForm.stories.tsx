import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { DepositForm } from '../../src/ui/money/DepositForm';
import { depositSystems } from '../../tests/msw/money-fixtures';
import { fixtureKey, fixtureText } from '../support/fixture-text';

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
  args: { amount: '5', amountError: fixtureKey('money.error.amount_min', { min: 10 }) },
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
  args: { amount: '100.00', problem: fixtureText({
      ru: 'Платёжная система временно недоступна',
      en: 'The payment system is temporarily unavailable',
      'pt-BR': 'O sistema de pagamento está temporariamente indisponível',
      es: 'El sistema de pago no está disponible temporalmente',
      tr: 'Ödeme sistemi geçici olarak kullanılamıyor',
      id: 'Sistem pembayaran sementara tidak tersedia',
      vi: 'Hệ thống thanh toán tạm thời không khả dụng',
      hi: 'भुगतान प्रणाली अस्थायी रूप से उपलब्ध नहीं है',
      ar: 'نظام الدفع غير متاح مؤقتًا',
      'zh-CN': '支付系统暂时不可用',
    }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('временно недоступна');
  },
};
