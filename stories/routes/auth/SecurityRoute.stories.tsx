import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, within } from 'storybook/test';
import SecurityRoute from '../../../src/routes/settings/security-route';
import { authCheckAs } from '../../../tests/msw/auth';
import { signedInUser } from '../../../tests/msw/fixtures';
import { RIGHT_TOTP_CODE, securityOn, securityStateAs } from '../../../tests/msw/security';
import { fail } from '../../../tests/msw/respond';
import { withApp } from '../../../.storybook/app-decorator';
import { t } from '../../support/form-checks';

/** /settings/security for a signed-in trader, over the security statechart and msw. */
const meta = {
  title: 'Screens/Auth/Settings/Security',
  // A route runs its statecharts against msw: its stories are the page, a props table says nothing.
  tags: ['!autodocs'],
  component: SecurityRoute,
  decorators: [withApp],
  parameters: { route: { path: '/settings/security' } },
  beforeEach({ msw }) {
    msw.use(authCheckAs(signedInUser));
  },
} satisfies Meta<typeof SecurityRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(http.get('*/api/auth/security', () => delay('infinite')), http.get('*/api/auth/sessions', () => delay('infinite')));
  },
  play: async ({ canvas }) => {
    // Two-factor, passkeys and sessions each say they are loading.
    await expect(await canvas.findAllByRole('status')).toHaveLength(3);
  },
};

export const LoadFailed: Story = {
  beforeEach({ msw }) {
    msw.use(http.get('*/api/auth/security', ({ request }) => fail(request, 'internal')));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Повторить' })).toBeVisible();
  },
};

/** Off: turning it on shows the QR code and the key; the app's code confirms; the codes show once. */
export const TurnsOn: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Включить' }));
    await expect(await canvas.findByRole('img', { name: 'QR-код для приложения-аутентификатора' })).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Код'), '000000{Enter}');
    await expect(await canvas.findByText(/Неверный код/)).toBeVisible();
    await userEvent.clear(canvas.getByLabelText('Код'));
    await userEvent.type(canvas.getByLabelText('Код'), `${RIGHT_TOTP_CODE}{Enter}`);
    await expect(await canvas.findByRole('list', { name: 'Резервные коды' })).toBeVisible();
  },
};

export const On: Story = {
  beforeEach({ msw }) {
    msw.use(securityStateAs(securityOn));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('form', { name: 'Выключить' })).toBeVisible();
    await expect(await canvas.findByText('Вход с кодом из приложения')).toBeVisible();
  },
};

/** On, with a passkey as well: each step that takes a fresh factor offers the passkey. */
export const OnWithPasskey: Story = {
  beforeEach({ msw }) {
    msw.use(securityStateAs({ ...securityOn, passkeys: [{ id: 'cred-1', name: 'Ноутбук', created_at: '2026-11-25T09:00:00.000Z', last_used_at: null }] }));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(t('security.totp.fresh_passkey'))).toBeVisible();
    for (const step of ['security.totp.disable', 'security.totp.change', 'security.codes.renew']) {
      await expect(within(canvas.getByRole('form', { name: t(step) })).getByRole('button', { name: t('security.second_factor.use_passkey') })).toBeEnabled();
    }
  },
};

export const EndsOtherSessions: Story = {
  play: async ({ canvas, userEvent }) => {
    // Each session and sign-in with its place, as the server found it; an address without one says so.
    await expect(await canvas.findAllByText('Москва, Россия')).toHaveLength(2);
    await expect(canvas.getAllByText('Место неизвестно')).toHaveLength(2);
    await userEvent.click(await canvas.findByRole('button', { name: 'Завершить все другие сеансы' }));
    await expect(await canvas.findByRole('button', { name: 'Завершить все другие сеансы' })).toBeVisible();
  },
};
