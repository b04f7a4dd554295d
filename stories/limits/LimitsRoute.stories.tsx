import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import LimitsRoute from '../../src/routes/settings/limits-route';
import { withMoneyApp } from '../money/money-route-decorator';

/** The limits page on the app's own wiring and the real limits machine, answered by the msw handlers. */
const meta = {
  title: 'Screens/Limits/Limits',
  // A route runs its statecharts against msw: its stories are the page, a props table says nothing.
  tags: ['!autodocs'],
  component: LimitsRoute,
  decorators: [withMoneyApp],
  parameters: { route: { path: '/settings/limits' } },
} satisfies Meta<typeof LimitsRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SaveLimit: Story = {
  play: async ({ canvas, userEvent }) => {
    const stake = await canvas.findByLabelText('Ставка на одну сделку');
    await expect(stake).toHaveValue('25');
    await userEvent.clear(stake);
    await userEvent.type(stake, '10');
    await userEvent.click(canvas.getByRole('button', { name: 'Сохранить лимиты' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Лимиты сохранены.'));
    await expect(canvas.getByLabelText('Ставка на одну сделку')).toHaveValue('10');
  },
};

export const WrongValue: Story = {
  play: async ({ canvas, userEvent }) => {
    const stake = await canvas.findByLabelText('Ставка на одну сделку');
    await userEvent.clear(stake);
    await userEvent.type(stake, 'ten');
    await userEvent.click(canvas.getByRole('button', { name: 'Сохранить лимиты' }));
    await expect(stake).toHaveAccessibleDescription(/^Введите сумму в долларах/);
  },
};

export const ExclusionRefused: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.selectOptions(await canvas.findByLabelText('Перерыв'), 'until_date');
    await userEvent.type(canvas.getByLabelText('До (включительно)'), '2026-12-31');
    await userEvent.click(canvas.getByRole('button', { name: 'Начать перерыв' }));
    await userEvent.click(screen.getByRole('button', { name: 'Начать' }));
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('Исключение до даты длится не меньше 6 месяцев'));
  },
};

export const ExclusionStarted: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Начать перерыв' }));
    await userEvent.click(screen.getByRole('button', { name: 'Начать' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(/^Вы исключены из торговли и пополнений до /));
  },
};
