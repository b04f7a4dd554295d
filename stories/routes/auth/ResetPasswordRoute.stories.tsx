import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, waitFor } from 'storybook/test';
import ResetPasswordRoute from '../../../src/routes/auth/reset-password-route';
import { signedInUser } from '../../../tests/msw/fixtures';
import { ok, readBody } from '../../../tests/msw/respond';
import { withApp } from '../../../.storybook/app-decorator';
import { pointerFocusLeft } from '../../support/focus';

/** A token shaped like the server's (base64url, 20-100 characters) that the shared handler refuses. */
const USED_TOKEN = 'aGVsbG8td29ybGQtdXNlZC10b2tlbg';
const FRESH_TOKEN = 'ZnJlc2gtbGluay1mcm9tLXRoZS1lbWFpbA';
const PASSWORD = 'Fresh-meadow-2027';

/** /reset-password?token=... over the session statechart and the real api, answered by msw. */
const meta = {
  title: 'Screens/Auth/ResetPassword',
  // A route runs its statecharts against msw: its stories are the page, a props table says nothing.
  tags: ['!autodocs'],
  component: ResetPasswordRoute,
  decorators: [withApp],
  // The app's session belongs to no route: the Statecharts panel opens on it.
  parameters: { route: { path: `/reset-password?token=${FRESH_TOKEN}` }, statecharts: { actor: 'session' } },
} satisfies Meta<typeof ResetPasswordRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];
type UserEvent = Parameters<NonNullable<Story['play']>>[0]['userEvent'];

async function submit(canvas: Canvas, userEvent: UserEvent, password = PASSWORD, repeated = PASSWORD) {
  await userEvent.type(await canvas.findByLabelText('Новый пароль', { selector: 'input' }), password);
  await userEvent.type(canvas.getByLabelText('Повторите пароль'), repeated);
  await userEvent.click(canvas.getByRole('button', { name: 'Сменить пароль' }));
}

/** Opened without the link's token: says where the page comes from, and nothing can be sent. */
export const WithoutToken: Story = {
  parameters: { route: { path: '/reset-password' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Эта страница открывается по ссылке из письма');
    await expect(canvas.getByRole('button', { name: 'Сменить пароль' })).toBeDisabled();
    await expect(canvas.getByRole('link', { name: 'Запросить новую ссылку' })).toHaveAttribute('href', '/forgot-password');
  },
};

export const ClientChecks: Story = {
  play: async ({ canvas, userEvent }) => {
    await submit(canvas, userEvent, 'short', 'other');
    await expect(canvas.getByText('Минимум 8 символов')).toBeVisible();
    await expect(canvas.getByText('Пароли не совпадают')).toBeVisible();
  },
};

/** The new password is saved; the answer signs the trader in. */
const sent: Array<{ token: unknown; body: Record<string, unknown> }> = [];
export const PasswordSet: Story = {
  beforeEach({ msw }) {
    sent.length = 0;
    msw.use(
      http.post('*/api/auth/reset/:token', async ({ request, params }) => {
        sent.push({ token: params.token, body: await readBody(request) });
        return ok({}, { user: signedInUser });
      }),
    );
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await submit(canvas, userEvent);
    await waitFor(() => expect(sent).toEqual([{ token: FRESH_TOKEN, body: { password: PASSWORD, password_confirmation: PASSWORD } }]));
    // Sent is not answered yet: the story ends once the answer has taken the busy state away.
    await expect(await canvas.findByRole('button', { name: 'Сменить пароль' })).toBeEnabled();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await pointerFocusLeft(canvasElement);
  },
};

export const Busy: Story = {
  beforeEach({ msw }) {
    msw.use(http.post('*/api/auth/reset/:token', () => delay('infinite')));
  },
  play: async ({ canvas, userEvent }) => {
    await submit(canvas, userEvent);
    await expect(await canvas.findByRole('button', { name: 'Отправка…' })).toBeDisabled();
  },
};

/** A used or expired link: the server's message, and the way to a new link. */
export const UsedLink: Story = {
  parameters: { route: { path: `/reset-password?token=${USED_TOKEN}` } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await submit(canvas, userEvent);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Ссылка недействительна или устарела');
    await pointerFocusLeft(canvasElement);
  },
};
