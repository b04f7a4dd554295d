import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { AlertForm } from '../../src/ui/trading/AlertForm';
import { fixtureKey } from '../support/fixture-text';

const meta = {
  title: 'Patterns/Trading/AlertForm',
  component: AlertForm,
  args: { pairId: 'eurusd', symbol: 'EUR/USD', price: 1.08512, onEdit: fn(), onSubmit: fn() },
} satisfies Meta<typeof AlertForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Above or below a level, once or at every crossing. */
export const Ready: Story = {
  play: async ({ args, canvasElement, userEvent }) => {
    const form = within(canvasElement);
    await userEvent.selectOptions(form.getByLabelText('Когда цена'), 'below');
    const level = form.getByLabelText('Уровень, EUR/USD');
    await userEvent.clear(level);
    await userEvent.type(level, '1.08');
    await userEvent.selectOptions(form.getByLabelText('Повтор'), 'every');
    // Each change is told, so a refusal shown about the earlier level can go.
    await expect(args.onEdit).toHaveBeenCalled();
    await userEvent.click(form.getByRole('button', { name: 'Создать оповещение' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ pair_id: 'eurusd', direction: 'below', level: 1.08, repeat: 'every' });
  },
};

export const Submitting: Story = {
  args: { submitting: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Создаём оповещение…' })).toBeDisabled();
  },
};

/** A level the price has already passed, refused by the server next to the field. */
export const Refused: Story = {
  args: { problem: { message: fixtureKey('errors.validation'), fields: { level: fixtureKey('trading.alert.error.level_above') } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Уровень, EUR/USD')).toHaveAccessibleDescription(
      'Цена уже на этом уровне или выше: выберите уровень повыше',
    );
  },
};

export const LimitReached: Story = {
  args: { problem: { message: fixtureKey('trading.alert.error.too_many', { max: 20 }) } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Можно держать не больше 20');
  },
};
