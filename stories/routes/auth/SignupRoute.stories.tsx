import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, waitFor } from 'storybook/test';
import SignupRoute from '../../../src/routes/auth/signup-route';
import { TAKEN_EMAIL } from '../../../tests/msw/fixtures';
import { fail, readBody } from '../../../tests/msw/respond';
import { withApp } from '../../../.storybook/app-decorator';
import { pointerFocusLeft } from '../../support/focus';

/** /signup over the session statechart and the real api, answered by the shared msw handlers. */
const meta = {
  title: 'Screens/Auth/Signup',
  // A route runs its statecharts against msw: its stories are the page, a props table says nothing.
  tags: ['!autodocs'],
  component: SignupRoute,
  decorators: [withApp],
  // The app's session belongs to no route: the Statecharts panel opens on it.
  parameters: { route: { path: '/signup' }, statecharts: { actor: 'session' } },
} satisfies Meta<typeof SignupRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

const PASSWORD = 'Quiet-harbor-2026';
const sent: Record<string, unknown>[] = [];
const recordSignups: Story['beforeEach'] = ({ msw }) => {
  sent.length = 0;
  msw.use(
    http.post('*/api/auth/register', async ({ request }) => {
      sent.push(await readBody(request.clone()));
      return undefined;
    }),
  );
};

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];
type UserEvent = Parameters<NonNullable<Story['play']>>[0]['userEvent'];

async function fill(canvas: Canvas, userEvent: UserEvent, email: string, password = PASSWORD, repeated = PASSWORD) {
  await userEvent.type(await canvas.findByLabelText('Email'), email);
  await userEvent.type(canvas.getByLabelText('Пароль'), password);
  await userEvent.type(canvas.getByLabelText('Повторите пароль'), repeated);
}

export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('form', { name: 'Регистрация' })).toBeVisible();
    await expect(canvas.getByRole('checkbox')).not.toBeChecked();
  },
};

/** The password rules of the server, checked before anything is sent. */
export const ClientChecks: Story = {
  beforeEach: recordSignups,
  play: async ({ canvas, userEvent }) => {
    await fill(canvas, userEvent, 'new@example.com', 'short', 'shorter');
    await userEvent.click(canvas.getByRole('button', { name: 'Регистрация' }));
    await expect(canvas.getByText('Минимум 8 символов')).toBeVisible();
    await expect(canvas.getByText('Пароли не совпадают')).toBeVisible();
    await expect(canvas.getByText('Нужно принять условия использования')).toBeVisible();
    await userEvent.clear(canvas.getByLabelText('Пароль'));
    await userEvent.type(canvas.getByLabelText('Пароль'), 'password123');
    await userEvent.click(canvas.getByRole('button', { name: 'Регистрация' }));
    await expect(canvas.getByText('Этот пароль слишком распространён, выберите другой')).toBeVisible();
    await expect(sent).toEqual([]);
  },
};

export const SignsUp: Story = {
  beforeEach: recordSignups,
  play: async ({ canvas, canvasElement, userEvent }) => {
    await fill(canvas, userEvent, 'new@example.com');
    await userEvent.click(canvas.getByRole('checkbox'));
    await userEvent.click(canvas.getByRole('button', { name: 'Регистрация' }));
    await waitFor(() => expect(sent).toEqual([{ email: 'new@example.com', password: PASSWORD, password_confirmation: PASSWORD, terms: true }]));
    // The story ends once the answer has taken the busy state away, not in the middle of the request.
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Отправка…' })).toBeNull());
    await pointerFocusLeft(canvasElement);
  },
};

/** The server's 422 for a taken address, at the email field. */
export const EmailTaken: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await fill(canvas, userEvent, TAKEN_EMAIL);
    await userEvent.click(canvas.getByRole('checkbox'));
    await userEvent.click(canvas.getByRole('button', { name: 'Регистрация' }));
    await expect(await canvas.findByText('Этот email уже зарегистрирован')).toBeVisible();
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await pointerFocusLeft(canvasElement);
  },
};

export const Busy: Story = {
  beforeEach({ msw }) {
    msw.use(http.post('*/api/auth/register', () => delay('infinite')));
  },
  play: async ({ canvas, userEvent }) => {
    await fill(canvas, userEvent, 'new@example.com');
    await userEvent.click(canvas.getByRole('checkbox'));
    await userEvent.click(canvas.getByRole('button', { name: 'Регистрация' }));
    await expect(await canvas.findByRole('button', { name: 'Отправка…' })).toBeDisabled();
  },
};

export const TooManyAttempts: Story = {
  beforeEach({ msw }) {
    msw.use(http.post('*/api/auth/register', ({ request }) => fail(request, 'rate_limited', { retryAfter: 600 })));
  },
  play: async ({ canvas, userEvent }) => {
    await fill(canvas, userEvent, 'new@example.com');
    await userEvent.click(canvas.getByRole('checkbox'));
    await userEvent.click(canvas.getByRole('button', { name: 'Регистрация' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('До следующей попытки: 10 минут.');
    await expect(canvas.getByRole('button', { name: 'Регистрация' })).toBeDisabled();
  },
};

