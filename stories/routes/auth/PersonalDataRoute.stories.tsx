import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, waitFor } from 'storybook/test';
import PersonalDataRoute from '../../../src/routes/settings/personal-data-route';
import { authCheckAs } from '../../../tests/msw/auth';
import { signedInUser, userInfo } from '../../../tests/msw/fixtures';
import { fail, ok, readBody } from '../../../tests/msw/respond';
import { withApp } from '../../../.storybook/app-decorator';
import { connectionDown, expectRetryFailsAgain } from '../../support/connection-down';

/** /settings/personal for a signed-in trader, over the session statechart and msw. */
const meta = {
  title: 'Screens/Auth/Settings/PersonalData',
  // A route runs its statecharts against msw: its stories are the page, a props table says nothing.
  tags: ['!autodocs'],
  component: PersonalDataRoute,
  decorators: [withApp],
  // The app's session belongs to no route: the Statecharts panel opens on it.
  parameters: { route: { path: '/settings/personal' }, statecharts: { actor: 'session' } },
  beforeEach({ msw }) {
    msw.use(authCheckAs(signedInUser));
  },
} satisfies Meta<typeof PersonalDataRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(http.get('*/api/user/info', () => delay('infinite')));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Личные данные' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.queryByRole('form')).toBeNull();
  },
};

export const Loaded: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByLabelText('Имя')).toHaveValue(userInfo.first_name);
    await expect(canvas.getByLabelText('Телефон')).toHaveValue(userInfo.phone);
    await expect(canvas.getByText(userInfo.account_id)).toBeVisible();
  },
};

/** A cleared field travels as an empty string (multipart) and comes back as stored. */
const saved: Record<string, unknown>[] = [];
export const Saved: Story = {
  beforeEach({ msw }) {
    saved.length = 0;
    msw.use(
      http.post('*/api/user/info', async ({ request }) => {
        saved.push(await readBody(request.clone()));
        return undefined;
      }),
    );
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.clear(await canvas.findByLabelText('Телефон'));
    await userEvent.click(canvas.getByRole('button', { name: 'Сохранить' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('Данные сохранены.');
    await waitFor(() => expect(saved).toEqual([{ ...pick(userInfo), phone: '' }]));
    await expect(canvas.getByLabelText('Телефон')).toHaveValue('');
  },
};

function pick(info: typeof userInfo) {
  // A zone of none goes out as an empty field, as the other cleared fields do.
  return { first_name: info.first_name, last_name: info.last_name, phone: info.phone, country: info.country, birth_date: info.birth_date, time_zone: info.time_zone ?? '' };
}

export const ClientChecks: Story = {
  play: async ({ canvas, userEvent }) => {
    const phone = await canvas.findByLabelText('Телефон');
    await userEvent.clear(phone);
    await userEvent.type(phone, 'call me');
    await userEvent.click(canvas.getByRole('button', { name: 'Сохранить' }));
    await expect(canvas.getByText('Введите номер телефона, например +7 900 123-45-67')).toBeVisible();
  },
};

export const FieldErrors: Story = {
  beforeEach({ msw }) {
    msw.use(http.post('*/api/user/info', ({ request }) => fail(request, 'validation', { fields: { country: 'Выберите страну' } })));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Сохранить' }));
    await expect(await canvas.findByText('Выберите страну')).toBeVisible();
    await expect(canvas.getByLabelText('Страна')).toHaveAttribute('aria-invalid', 'true');
  },
};

/** The connection stays down: the page says so, and Retry asks again and says so again. */
export const LoadFailed: Story = {
  beforeEach({ msw }) {
    msw.use(connectionDown('*/api/user/info'));
  },
  play: async (context) => {
    await expectRetryFailsAgain(context, '*/api/user/info', 'Не удалось загрузить ваши личные данные. Нет связи с сервером');
    await expect(context.canvas.queryByRole('form')).toBeNull();
  },
};

/** An unconfirmed email: the confirmation is sent again once. */
export const ConfirmationResent: Story = {
  beforeEach({ msw }) {
    msw.use(http.get('*/api/user/info', () => ok({ ...userInfo, email_confirmed: false })));
  },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Email не подтверждён.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Отправить письмо ещё раз' }));
    await expect(await canvas.findByText('Письмо отправлено.')).toBeVisible();
  },
};

