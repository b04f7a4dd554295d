import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { ListStatus, OrderList, Row, Rows } from '../../src/ui/trading/OrderList';
import { SAMPLE_ORDERS, pendingPriceOrder } from '../../tests/msw/orders-fixtures';

const meta = {
  title: 'Patterns/Trading/OrderList',
  component: OrderList,
  subcomponents: { ListStatus, Rows, Row },
  args: { orders: SAMPLE_ORDERS, onCancel: fn(), onRetry: fn() },
} satisfies Meta<typeof OrderList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Pending orders (cancellable) first, then what became of the closed ones. */
export const WithOrders: Story = {
  play: async ({ args, canvasElement, userEvent }) => {
    const list = within(canvasElement);
    await expect(list.getAllByRole('listitem')).toHaveLength(SAMPLE_ORDERS.length);
    await expect(list.getByText('Стал ставкой')).toBeVisible();
    await expect(list.getByText(/Недостаточно средств на счёте/)).toBeVisible();
    const cancels = list.getAllByRole('button', { name: /^Отменить ордер/ });
    await expect(cancels).toHaveLength(2);
    await userEvent.click(cancels[0]!);
    await expect(args.onCancel).toHaveBeenCalledWith(pendingPriceOrder.id);
  },
};

export const Cancelling: Story = {
  args: { cancelling: pendingPriceOrder.id },
  play: async ({ canvasElement }) => {
    for (const button of within(canvasElement).getAllByRole('button')) await expect(button).toBeDisabled();
  },
};

export const Empty: Story = {
  args: { orders: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Ордеров пока нет')).toBeVisible();
  },
};

export const Loading: Story = { args: { orders: [], loading: true } };

export const Failed: Story = {
  args: { orders: [], failed: true },
  play: async ({ args, canvasElement, userEvent }) => {
    const list = within(canvasElement);
    await expect(list.getByRole('alert')).toHaveTextContent('Не удалось загрузить ордера');
    await userEvent.click(list.getByRole('button', { name: 'Повторить' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
