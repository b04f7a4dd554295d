import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect } from 'storybook/test';
import ChangePasswordRoute from '../../../src/routes/settings/change-password-route';
import { authCheckAs } from '../../../tests/msw/auth';
import { KNOWN_CREDENTIALS, signedInUser } from '../../../tests/msw/fixtures';
import { fail } from '../../../tests/msw/respond';
import { withApp } from '../../../.storybook/app-decorator';
import { pointerFocusLeft } from '../../support/focus';

/** /settings (the password) for a signed-in trader, over the session statechart and msw. */
const meta = {
  title: 'Screens/Auth/Settings/ChangePassword',
  // A route runs its statecharts against msw: its stories are the page, a props table says nothing.
  tags: ['!autodocs'],
  component: ChangePasswordRoute,
  decorators: [withApp],
  // The app's session belongs to no route: the Statecharts panel opens on it.
  parameters: { route: { path: '/settings' }, statecharts: { actor: 'session' } },
  beforeEach({ msw }) {
    msw.use(authCheckAs(signedInUser));
  },
} satisfies Meta<typeof ChangePasswordRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

const PASSWORD = 'Fresh-meadow-2027';
type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];
type UserEvent = Parameters<NonNullable<Story['play']>>[0]['userEvent'];

async function submit(canvas: Canvas, userEvent: UserEvent, current: string, password = PASSWORD, repeated = PASSWORD) {
  const currentField = await canvas.findByLabelText('Текущий пароль');
  if (current) await userEvent.type(currentField, current);
  await userEvent.type(canvas.getByLabelText('Новый пароль', { selector: 'input' }), password);
  await userEvent.type(canvas.getByLabelText('Повторите пароль'), repeated);
  await userEvent.click(canvas.getByRole('button', { name: 'Сохранить' }));
}

export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('form', { name: 'Смена пароля' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Смена пароля' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Личные данные' })).toHaveAttribute('href', '/settings/personal');
  },
};

export const Changed: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await submit(canvas, userEvent, KNOWN_CREDENTIALS.password);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Пароль изменён.');
    await pointerFocusLeft(canvasElement);
  },
};

export const ClientChecks: Story = {
  play: async ({ canvas, userEvent }) => {
    await submit(canvas, userEvent, '', 'qwerty123', 'qwerty12');
    await expect(canvas.getByText('Обязательное поле')).toBeVisible();
    await expect(canvas.getByText('Этот пароль слишком распространён, выберите другой')).toBeVisible();
    await expect(canvas.getByText('Пароли не совпадают')).toBeVisible();
  },
};

/** The server's 422 for a wrong current password, at that field. */
export const WrongCurrentPassword: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await submit(canvas, userEvent, 'not-my-password');
    await expect(await canvas.findByText('Неверный текущий пароль')).toBeVisible();
    await expect(canvas.getByLabelText('Текущий пароль')).toHaveAttribute('aria-invalid', 'true');
    await pointerFocusLeft(canvasElement);
  },
};

export const Busy: Story = {
  beforeEach({ msw }) {
    msw.use(http.post('*/api/auth/change', () => delay('infinite')));
  },
  play: async ({ canvas, userEvent }) => {
    await submit(canvas, userEvent, KNOWN_CREDENTIALS.password);
    await expect(await canvas.findByRole('button', { name: 'Отправка…' })).toBeDisabled();
  },
};

export const TooManyAttempts: Story = {
  beforeEach({ msw }) {
    msw.use(http.post('*/api/auth/change', ({ request }) => fail(request, 'rate_limited', { retryAfter: 15 })));
  },
  play: async ({ canvas, userEvent }) => {
    await submit(canvas, userEvent, 'guessing-again');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('До следующей попытки: 15 секунд.');
    await expect(canvas.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
  },
};

