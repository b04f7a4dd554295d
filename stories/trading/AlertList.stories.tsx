import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { AlertList } from '../../src/ui/trading/AlertList';
import { SAMPLE_ALERTS, activeAlert } from '../../tests/msw/orders-fixtures';

const meta = {
  title: 'Patterns/Trading/AlertList',
  component: AlertList,
  args: { alerts: SAMPLE_ALERTS, onDelete: fn(), onRetry: fn() },
} satisfies Meta<typeof AlertList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Watching and fired alerts, how often each fired, each deletable. */
export const WithAlerts: Story = {
  play: async ({ args, canvasElement, userEvent }) => {
    const list = within(canvasElement);
    await expect(list.getAllByRole('listitem')).toHaveLength(SAMPLE_ALERTS.length);
    await expect(list.getByText(/Сработало: 3/)).toBeVisible();
    await userEvent.click(list.getAllByRole('button', { name: /^Удалить оповещение/ })[0]!);
    await expect(args.onDelete).toHaveBeenCalledWith(activeAlert.id);
  },
};

export const Deleting: Story = {
  args: { deleting: activeAlert.id },
  play: async ({ canvasElement }) => {
    for (const button of within(canvasElement).getAllByRole('button')) await expect(button).toBeDisabled();
  },
};

export const Empty: Story = {
  args: { alerts: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Оповещений о цене нет')).toBeVisible();
  },
};

export const Loading: Story = { args: { alerts: [], loading: true } };

export const Failed: Story = {
  args: { alerts: [], failed: true },
  play: async ({ args, canvasElement, userEvent }) => {
    const list = within(canvasElement);
    await expect(list.getByRole('alert')).toHaveTextContent('Не удалось загрузить оповещения');
    await userEvent.click(list.getByRole('button', { name: 'Повторить' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
