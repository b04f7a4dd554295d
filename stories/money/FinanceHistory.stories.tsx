import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { FinanceHistory } from '../../src/ui/money/FinanceHistory';
import { paymentHistory, pendingDeposit } from '../../tests/msw/money-fixtures';
import { fixtureKey, fixtureText } from '../support/fixture-text';

const meta = {
  title: 'Patterns/Money/FinanceHistory',
  component: FinanceHistory,
  args: {
    items: paymentHistory,
    filters: { type: null, status: null },
    onFiltersChange: fn(),
    page: 1,
    perPage: 6,
    total: 14,
    onPageChange: fn(),
    onRetry: fn(),
  },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof FinanceHistory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Table: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getAllByTestId('finance-row')).toHaveLength(6);
    await expect(canvas.getAllByRole('columnheader')[0]).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Вперёд|Next/ }));
    await expect(args.onPageChange).toHaveBeenCalledWith(2);
    await expect(canvas.getByRole('button', { name: /Назад|Previous/ })).toBeDisabled();
  },
};

/** Under 60rem the rows turn into cards: the header row is hidden, each cell shows its label. */
export const AsCards: Story = {
  parameters: { viewport: { defaultViewport: 'phone' } },
  play: async ({ canvas }) => {
    const header = canvas.getAllByRole('columnheader', { hidden: true })[0]!;
    await expect(getComputedStyle(header.closest('thead')!).display).toBe('none');
    const cell = canvas.getAllByRole('cell')[0]!;
    await expect(getComputedStyle(cell).display).toBe('flex');
  },
};

export const Filtered: Story = {
  args: { filters: { type: 'withdrawal', status: null }, items: paymentHistory.filter((row) => row.type === 'withdrawal'), total: 3 },
  play: async ({ args, canvas, userEvent }) => {
    const [, status] = canvas.getAllByRole('combobox');
    await userEvent.selectOptions(status!, 'cancelled');
    await expect(args.onFiltersChange).toHaveBeenCalledWith({ type: 'withdrawal', status: 'cancelled' });
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.queryAllByTestId('finance-row')).toHaveLength(0);
  },
};

export const Empty: Story = {
  args: { items: [], total: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Операций пока нет|No payments yet/)).toBeVisible();
  },
};

export const LoadFailed: Story = {
  args: {
    problem: fixtureText({
      ru: 'Внутренняя ошибка сервера',
      en: 'Internal server error',
      'pt-BR': 'Erro interno do servidor',
      es: 'Error interno del servidor',
      tr: 'Sunucu iç hatası',
      id: 'Kesalahan internal server',
      vi: 'Lỗi máy chủ nội bộ',
      hi: 'सर्वर की आंतरिक त्रुटि',
      ar: 'خطأ داخلي في الخادم',
      'zh-CN': '服务器内部错误',
    }),
  },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Повторить|Retry/ }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

const withPendingDeposit = { items: [pendingDeposit, ...paymentHistory.slice(0, 5)], onResumeDeposit: fn(), onCancelDeposit: fn() };
const continueButton = /Продолжить оплату пополнения|Continue payment for the deposit/;
const cancelButton = /Отменить ожидающее пополнение|Cancel the pending deposit/;

/** A deposit left at its checkout offers to continue paying it or to cancel it; finished rows offer nothing. */
export const PendingDeposit: Story = {
  args: withPendingDeposit,
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getAllByRole('button', { name: continueButton })).toHaveLength(1);
    await userEvent.click(canvas.getByRole('button', { name: continueButton }));
    await expect(args.onResumeDeposit).toHaveBeenCalledWith(13);
    await userEvent.click(canvas.getByRole('button', { name: cancelButton }));
    await expect(args.onCancelDeposit).toHaveBeenCalledWith(13);
  },
};

export const PendingDepositBusy: Story = {
  args: { ...withPendingDeposit, depositBusyId: 13 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: continueButton })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: cancelButton })).toBeDisabled();
  },
};

export const DepositCancelled: Story = {
  args: { items: [{ ...pendingDeposit, status: 'cancelled' }, ...paymentHistory.slice(0, 5)], depositCancelled: true, onResumeDeposit: fn(), onCancelDeposit: fn() },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(/Пополнение отменено|The deposit was cancelled/);
    await expect(canvas.queryByRole('button', { name: cancelButton })).toBeNull();
  },
};

export const DepositRefused: Story = {
  args: { ...withPendingDeposit, depositProblem: fixtureKey('money.error.deposit_not_pending') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Это пополнение уже завершено');
  },
};
