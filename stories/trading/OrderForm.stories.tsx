import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { FormGrid, FormSubmit, OrderForm } from '../../src/ui/trading/OrderForm';
import { fixtureKey } from '../support/fixture-text';

const meta = {
  title: 'Patterns/Trading/OrderForm',
  component: OrderForm,
  subcomponents: { FormGrid, FormSubmit },
  args: { pairId: 'eurusd', symbol: 'EUR/USD', walletType: 'demo', price: 1.08512, intervals: [30, 60, 300], onEdit: fn(), onSubmit: fn() },
} satisfies Meta<typeof OrderForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A price order: the level starts at the price now; the trader sets it and places the order. */
export const PriceOrder: Story = {
  play: async ({ args, canvasElement, userEvent }) => {
    const form = within(canvasElement);
    const level = form.getByLabelText('Уровень цены, EUR/USD');
    await userEvent.clear(level);
    await userEvent.type(level, '1,0875');
    // Each change is told, so a refusal shown about the earlier level can go.
    await expect(args.onEdit).toHaveBeenCalled();
    await userEvent.click(form.getByRole('button', { name: 'Выставить ордер' }));
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'price', level: 1.0875, pair_id: 'eurusd', wallet_type: 'demo', direction: 'up', amount: 10, interval: 30 }),
    );
  },
};

/** A time order: the clock time field takes the place of the level. */
export const TimeOrder: Story = {
  play: async ({ args, canvasElement, userEvent }) => {
    const form = within(canvasElement);
    await userEvent.selectOptions(form.getByLabelText('Условие'), 'time');
    await userEvent.selectOptions(form.getByLabelText('Ставка'), 'down');
    await expect(form.getByLabelText('Время')).toBeVisible();
    await userEvent.click(form.getByRole('button', { name: 'Выставить ордер' }));
    await expect(args.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ kind: 'time', direction: 'down', at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) }));
  },
};

export const Submitting: Story = {
  args: { submitting: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Выставляем ордер…' })).toBeDisabled();
  },
};

/** The server's reasons next to their fields. */
export const Refused: Story = {
  args: {
    problem: {
      message: fixtureKey('errors.validation'),
      fields: { level: fixtureKey('validation.price_level'), amount: fixtureKey('validation.too_small', { min: 1 }) },
    },
  },
  play: async ({ canvasElement }) => {
    const form = within(canvasElement);
    await expect(form.getByLabelText('Уровень цены, EUR/USD')).toHaveAccessibleDescription('Введите цену больше нуля');
  },
};

/** A refusal about the whole order (the limit of pending orders) under the form. */
export const LimitReached: Story = {
  args: { problem: { message: fixtureKey('trading.order.error.too_many', { max: 10 }) } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Можно держать не больше 10 отложенных ордеров');
  },
};
