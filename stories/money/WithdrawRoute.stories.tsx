import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, waitFor } from 'storybook/test';
import { WithdrawRoute } from '../../src/routes/money/withdraw-route';
import { fail } from '../../tests/msw/respond';
import { TEST_CARD } from '../../tests/msw/money-fixtures';
import { withMoneyApp } from './money-route-decorator';
import { pointerFocusLeft } from '../support/focus';

const meta = {
  title: 'Screens/Money/Withdraw',
  // A route runs its statecharts against msw: its stories are the page, a props table says nothing.
  tags: ['!autodocs'],
  component: WithdrawRoute,
  decorators: [withMoneyApp],
  parameters: { route: { path: '/withdraw' } },
} satisfies Meta<typeof WithdrawRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The whole flow over the msw handlers: choose, fill, check, confirm, cancel for a refund. */
export const CheckConfirmCancel: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /Банковская карта/ }));
    await userEvent.type(await canvas.findByLabelText(/^(Сумма|Amount), USD$/), '50');
    await userEvent.type(canvas.getByLabelText('Номер карты'), '4242 4242 4242 4241');
    await userEvent.click(canvas.getByRole('button', { name: /Рассчитать|Continue/ }));
    // The client's Luhn check stops it before any call, and says so at the field.
    await expect(canvas.getByLabelText('Номер карты')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(canvas.getByLabelText('Номер карты'));
    await userEvent.type(canvas.getByLabelText('Номер карты'), TEST_CARD);
    await userEvent.type(canvas.getByLabelText('Имя держателя (как на карте)'), 'ANNA PETROVA');
    await userEvent.click(canvas.getByRole('button', { name: /Рассчитать|Continue/ }));
    await expect(await canvas.findByText(/49[.,]00/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Подтвердить вывод|Confirm withdrawal/ }));
    await userEvent.click(await canvas.findByRole('button', { name: /Отменить вывод|Cancel withdrawal/ }));
    await userEvent.click(await canvas.findByRole('button', { name: /вернуть деньги|refund/ }));
    await expect(await canvas.findByText(/деньги вернулись|money is back/)).toBeVisible();
  },
};

export const ServerRefusesTheCard: Story = {
  beforeEach({ msw }) {
    msw.use(http.post('*/api/card/check', ({ request }) => fail(request, 'validation', { fields: { card_number: 'Карта не принимается' } })));
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /Банковская карта/ }));
    await userEvent.type(await canvas.findByLabelText(/^(Сумма|Amount), USD$/), '50');
    await userEvent.type(canvas.getByLabelText('Номер карты'), TEST_CARD);
    await userEvent.type(canvas.getByLabelText('Имя держателя (как на карте)'), 'ANNA PETROVA');
    await userEvent.click(canvas.getByRole('button', { name: /Рассчитать|Continue/ }));
    await waitFor(() => expect(canvas.getByLabelText('Номер карты')).toHaveAccessibleDescription('Карта не принимается'));
    await pointerFocusLeft(canvasElement);
  },
};

export const CancelByLink: Story = {
  parameters: { route: { path: '/withdraw/41/cancel' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: /вернуть деньги|refund/ })).toBeVisible();
  },
};

export const ListUnavailable: Story = {
  beforeEach({ msw }) {
    msw.use(http.get('*/api/withdraw/ps', ({ request }) => fail(request, 'internal')));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: /Повторить|Retry/ })).toBeVisible();
  },
};
