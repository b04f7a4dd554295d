import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { TradeControls } from '../../src/ui/trading/TradeControls';
import { OrderList } from '../../src/ui/trading/OrderList';
import { AlertList } from '../../src/ui/trading/AlertList';
import { SAMPLE_ALERTS, SAMPLE_ORDERS } from '../../tests/msw/orders-fixtures';

const meta = {
  title: 'Patterns/Trading/TradeControls',
  component: TradeControls,
  args: {
    orders: <OrderList orders={SAMPLE_ORDERS} onCancel={fn()} onRetry={fn()} />,
    alerts: <AlertList alerts={SAMPLE_ALERTS} onDelete={fn()} onRetry={fn()} />,
  },
} satisfies Meta<typeof TradeControls>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The orders tab; the arrow keys move to the alerts. */
export const Orders: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const panel = within(canvasElement);
    const orders = panel.getByRole('tab', { name: 'Ордера' });
    await expect(orders).toHaveAttribute('aria-selected', 'true');
    orders.focus();
    await userEvent.keyboard('{ArrowRight}');
    const alerts = panel.getByRole('tab', { name: 'Оповещения' });
    await expect(alerts).toHaveFocus();
    await expect(panel.getByRole('tabpanel')).toHaveAccessibleName('Оповещения');
  },
};

export const Alerts: Story = {
  args: { initialTab: 'alerts' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('tab', { name: 'Оповещения' })).toHaveAttribute('aria-selected', 'true');
  },
};
