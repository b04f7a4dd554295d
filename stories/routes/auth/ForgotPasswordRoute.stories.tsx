import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect } from 'storybook/test';
import ForgotPasswordRoute from '../../../src/routes/auth/forgot-password-route';
import { fail } from '../../../tests/msw/respond';
import { withApp } from '../../../.storybook/app-decorator';

/** /forgot-password over the session statechart and the real api, answered by the shared msw handlers. */
const meta = {
  title: 'Screens/Auth/ForgotPassword',
  // A route runs its statecharts against msw: its stories are the page, a props table says nothing.
  tags: ['!autodocs'],
  component: ForgotPasswordRoute,
  decorators: [withApp],
  // The app's session belongs to no route: the Statecharts panel opens on it.
  parameters: { route: { path: '/forgot-password' }, statecharts: { actor: 'session' } },
} satisfies Meta<typeof ForgotPasswordRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('form', { name: 'Восстановление пароля' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Вернуться ко входу' })).toHaveAttribute('href', '/login');
  },
};

/** The same answer for any address, so the success says "if". */
export const LinkSent: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Email'), 'trader@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Отправить ссылку' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('Если такой аккаунт существует');
  },
};

export const InvalidEmail: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Email'), 'trader.example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Отправить ссылку' }));
    await expect(canvas.getByText('Введите корректный email')).toBeVisible();
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

export const TooManyRequests: Story = {
  beforeEach({ msw }) {
    msw.use(http.post('*/api/auth/reset', ({ request }) => fail(request, 'rate_limited', { retryAfter: 45 })));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Email'), 'trader@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Отправить ссылку' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('До следующей попытки: 45 секунд.');
    await expect(canvas.getByRole('button', { name: 'Отправить ссылку' })).toBeDisabled();
  },
};

