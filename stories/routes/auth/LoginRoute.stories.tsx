import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, waitFor } from 'storybook/test';
import LoginRoute from '../../../src/routes/auth/login-route';
import { KNOWN_CREDENTIALS } from '../../../tests/msw/fixtures';
import { fail, ok, readBody } from '../../../tests/msw/respond';
import { withApp } from '../../../.storybook/app-decorator';
import { pointerFocusLeft } from '../../support/focus';

/** /login over the session statechart and the real api, answered by the shared msw handlers. */
const meta = {
  title: 'Screens/Auth/Login',
  // A route runs its statecharts against msw: its stories are the page, a props table says nothing.
  tags: ['!autodocs'],
  component: LoginRoute,
  decorators: [withApp],
  // The app's session belongs to no route: the Statecharts panel opens on it.
  parameters: { route: { path: '/login' }, statecharts: { actor: 'session' } },
} satisfies Meta<typeof LoginRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

/** What the page sent to POST /api/auth/login, read back by the play functions. */
const sent: Record<string, unknown>[] = [];
const recordLogins: Story['beforeEach'] = ({ msw }) => {
  sent.length = 0;
  // Answers nothing, so the shared handler answers the call.
  msw.use(
    http.post('*/api/auth/login', async ({ request }) => {
      sent.push(await readBody(request.clone()));
      return undefined;
    }),
  );
};

export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('form', { name: 'Вход' })).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: 'Запомнить меня' })).not.toBeChecked();
    await expect(canvas.getByRole('link', { name: 'Регистрация' })).toHaveAttribute('href', '/signup');
  },
};

/** The client checks run first: nothing is sent while a field is wrong. */
export const ClientChecks: Story = {
  beforeEach: recordLogins,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Войти' }));
    await expect(canvas.getAllByText('Обязательное поле')).toHaveLength(2);
    await userEvent.type(canvas.getByLabelText('Email'), 'trader@');
    await userEvent.type(canvas.getByLabelText('Пароль'), 'x');
    await userEvent.click(canvas.getByRole('button', { name: 'Войти' }));
    await expect(canvas.getByText('Введите корректный email')).toBeVisible();
    await expect(sent).toEqual([]);
  },
};

/** Remember-me travels with the form; the signed-in trader's user comes in the envelope. */
export const SignsIn: Story = {
  beforeEach: recordLogins,
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Email'), KNOWN_CREDENTIALS.email);
    await userEvent.type(canvas.getByLabelText('Пароль'), KNOWN_CREDENTIALS.password);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Запомнить меня' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(sent).toEqual([{ ...KNOWN_CREDENTIALS, remember: true }]));
    // Sent is not answered yet: the story ends once the answer has taken the busy state away.
    await expect(await canvas.findByRole('button', { name: 'Войти' })).toBeEnabled();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await pointerFocusLeft(canvasElement);
  },
};

export const WrongCredentials: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Email'), 'trader@example.com');
    await userEvent.type(canvas.getByLabelText('Пароль'), 'not-the-password');
    await userEvent.click(canvas.getByRole('button', { name: 'Войти' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Неверный email или пароль');
    await pointerFocusLeft(canvasElement);
  },
};

/** A 422 shows each message at its field and none above the form. */
export const FieldErrors: Story = {
  beforeEach({ msw }) {
    msw.use(http.post('*/api/auth/login', ({ request }) => fail(request, 'validation', { fields: { email: 'Введите корректный email' } })));
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Email'), 'trader@example.com');
    await userEvent.type(canvas.getByLabelText('Пароль'), 'secret-words');
    await userEvent.click(canvas.getByRole('button', { name: 'Войти' }));
    await expect(await canvas.findByText('Введите корректный email')).toBeVisible();
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await pointerFocusLeft(canvasElement);
  },
};

export const Busy: Story = {
  beforeEach({ msw }) {
    msw.use(http.post('*/api/auth/login', () => delay('infinite')));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Email'), KNOWN_CREDENTIALS.email);
    await userEvent.type(canvas.getByLabelText('Пароль'), KNOWN_CREDENTIALS.password);
    await userEvent.click(canvas.getByRole('button', { name: 'Войти' }));
    await expect(await canvas.findByRole('button', { name: 'Отправка…' })).toBeDisabled();
    await expect(canvas.getByRole('form', { name: 'Вход' })).toHaveAttribute('aria-busy', 'true');
  },
};

/** 429: the server's message with its wait, and no submit until the wait is over. */
export const TooManyAttempts: Story = {
  beforeEach({ msw }) {
    msw.use(http.post('*/api/auth/login', ({ request }) => fail(request, 'rate_limited', { retryAfter: 30 })));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Email'), KNOWN_CREDENTIALS.email);
    await userEvent.type(canvas.getByLabelText('Пароль'), 'guess-number-six');
    await userEvent.click(canvas.getByRole('button', { name: 'Войти' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Слишком много попыток, попробуйте позже. До следующей попытки: 30 секунд.');
    await expect(canvas.getByRole('button', { name: 'Войти' })).toBeDisabled();
  },
};

export const NoConnection: Story = {
  beforeEach({ msw }) {
    msw.use(http.post('*/api/auth/login', () => HttpResponse.error()));
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Email'), KNOWN_CREDENTIALS.email);
    await userEvent.type(canvas.getByLabelText('Пароль'), KNOWN_CREDENTIALS.password);
    await userEvent.click(canvas.getByRole('button', { name: 'Войти' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Нет связи с сервером');
    await expect(canvas.getByRole('button', { name: 'Войти' })).toBeEnabled();
    await pointerFocusLeft(canvasElement);
  },
};

/** An account with two-factor sign-in: the right password asks for the app's code, and a wrong code is told on that step. */
export const SecondFactor: Story = {
  beforeEach({ msw }) {
    msw.use(http.post('*/api/auth/login', () => ok({ second_factor: ['totp'] })));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Email'), KNOWN_CREDENTIALS.email);
    await userEvent.type(canvas.getByLabelText('Пароль'), KNOWN_CREDENTIALS.password);
    await userEvent.click(canvas.getByRole('button', { name: 'Войти' }));
    const step = await canvas.findByRole('form', { name: 'Двухфакторный вход' });
    await expect(step).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Код'), '000000{Enter}');
    await expect(await canvas.findByText(/Неверный код/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Вернуться ко входу' })).toBeEnabled();
  },
};
