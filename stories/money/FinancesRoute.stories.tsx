import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, waitFor } from 'storybook/test';
import type { PaymentHistoryItem } from '../../src/api/contract/payments';
import { paymentHistory, pendingDeposit } from '../../tests/msw/money-fixtures';
import { ok } from '../../tests/msw/respond';
import { FinancesRoute } from '../../src/routes/money/finances-route';
import { withMoneyApp } from './money-route-decorator';

const meta = {
  title: 'Screens/Money/Finances',
  // A route runs its statecharts against msw: its stories are the page, a props table says nothing.
  tags: ['!autodocs'],
  component: FinancesRoute,
  decorators: [withMoneyApp],
  parameters: { route: { path: '/finances' } },
} satisfies Meta<typeof FinancesRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FilterByType: Story = {
  play: async ({ canvas, userEvent }) => {
    await waitFor(() => expect(canvas.getAllByTestId('finance-row')).toHaveLength(6));
    const [type] = canvas.getAllByRole('combobox');
    await userEvent.selectOptions(type!, 'deposit');
    await waitFor(() => expect(canvas.getAllByTestId('finance-row')).toHaveLength(3));
  },
};

/** The history with a pending deposit first; `cancelled` turns it into the cancelled row the server then lists. */
function historyWithPendingDeposit() {
  const state = { cancelled: false };
  const handler = http.get('*/api/payment/history', () => {
    const first: PaymentHistoryItem = state.cancelled ? { ...pendingDeposit, status: 'cancelled' } : pendingDeposit;
    return ok({ items: [first, ...paymentHistory], page: 1, per_page: 10, total: paymentHistory.length + 1 });
  });
  return { state, handler };
}

/** Cancelling a deposit left at its checkout: the server cancels it, the page says so and lists it cancelled. */
export const PendingDepositCancelled: Story = {
  beforeEach({ msw }) {
    const { state, handler } = historyWithPendingDeposit();
    msw.use(
      handler,
      http.post('*/api/deposit/:id/cancel', ({ params }) => {
        state.cancelled = true;
        const { id, ps_id, ps_name, amount, created_at } = pendingDeposit;
        return ok({ deposit: { id: Number(params.id) || id, ps_id, ps_name, amount, status: 'cancelled', created_at, completed_at: created_at } });
      }),
    );
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /Отменить ожидающее пополнение|Cancel the pending deposit/ }));
    await expect(await canvas.findByText(/Пополнение отменено|The deposit was cancelled/)).toBeVisible();
    await waitFor(() => expect(canvas.queryByRole('button', { name: /Продолжить оплату|Continue pay/ })).toBeNull());
  },
};

/** The deposit was paid (or expired) in the meantime: continuing is refused with the server's words. */
export const PendingDepositFinished: Story = {
  beforeEach({ msw }) {
    // The page still lists deposit 12 as pending; the shared handlers know it completed and refuse.
    const stale: PaymentHistoryItem = { ...pendingDeposit, id: 12, key: 'deposit-12' };
    msw.use(http.get('*/api/payment/history', () => ok({ items: [stale, ...paymentHistory.slice(3)], page: 1, per_page: 10, total: 4 })));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /Продолжить оплату пополнения|Continue payment for the deposit/ }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/уже завершено|already finished/);
  },
};
