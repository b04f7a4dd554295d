import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { QrCode } from '../../src/ui/security/QrCode';
import { SecurityPanel, type SecurityPanelProps } from '../../src/ui/security/SecurityPanel';
import { t } from '../support/form-checks';
import { MOSCOW } from '../../tests/msw/security';
import { fixtureText } from '../support/fixture-text';

const device = { browser: 'Chrome 131', os: 'Windows', mobile: false };
// The msw mocks' city, in every language (a shared fixture text): the panel shows what the server sends.
const moscow = { country: 'RU', city: fixtureText(MOSCOW) };
const sessions: SecurityPanelProps['sessions'] = {
  stage: 'ready',
  busy: false,
  items: [
    { id: 'a'.repeat(32), device, ip: '203.0.113.1', place: moscow, created_at: '2026-11-25T10:00:00.000Z', last_seen_at: '2026-11-25T10:05:00.000Z', current: true },
    { id: 'b'.repeat(32), device: { browser: 'Safari 17', os: 'iOS', mobile: true }, ip: '198.51.100.7', place: null, created_at: '2026-11-24T08:00:00.000Z', last_seen_at: '2026-11-24T09:00:00.000Z', current: false },
  ],
  signIns: [
    { id: 2, success: true, method: 'totp', device, ip: '203.0.113.1', place: moscow, created_at: '2026-11-25T10:00:00.000Z' },
    { id: 1, success: false, method: 'password', device: { browser: null, os: null, mobile: false }, ip: '192.0.2.50', place: null, created_at: '2026-11-24T07:59:00.000Z' },
  ],
};
const totpOff: SecurityPanelProps['totp'] = { stage: 'off', busy: false, enabledAt: null, recoveryCodesLeft: 0, setup: null, recoveryCodes: null };
const setup = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/FX%20Timed%20Bets:trader%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=FX%20Timed%20Bets' };

const meta = {
  title: 'Patterns/Security/SecurityPanel',
  component: SecurityPanel,
  subcomponents: { QrCode },
  args: {
    totp: totpOff,
    sessions,
    onTotpStart: fn(),
    onTotpConfirm: fn(),
    onTotpCancel: fn(),
    onCodesDone: fn(),
    onTotpDisable: fn(),
    onTotpChange: fn(),
    onCodesRenew: fn(),
    onTotpPasskey: fn(),
    onTotpRetry: fn(),
    onSessionEnd: fn(),
    onSessionsEndOthers: fn(),
    onSessionsRetry: fn(),
  },
} satisfies Meta<typeof SecurityPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { totp: { ...totpOff, stage: 'loading' }, sessions: { ...sessions, stage: 'loading', items: [], signIns: [] } },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('status')).toHaveLength(2);
  },
};

export const LoadFailed: Story = {
  args: {
    totp: { ...totpOff, stage: 'loadFailed', error: t('errors.network') },
    sessions: { ...sessions, stage: 'loadFailed', items: [], signIns: [], error: t('errors.network') },
  },
  play: async ({ args, canvas, userEvent }) => {
    const [totpRetry, sessionsRetry] = canvas.getAllByRole('button', { name: 'Повторить' });
    await userEvent.click(totpRetry!);
    await expect(args.onTotpRetry).toHaveBeenCalled();
    await userEvent.click(sessionsRetry!);
    await expect(args.onSessionsRetry).toHaveBeenCalled();
  },
};

export const Off: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Включить' }));
    await expect(args.onTotpStart).toHaveBeenCalled();
    // This browser's session cannot be ended from the list; the other one can.
    await expect(canvas.getAllByRole('button', { name: 'Завершить сеанс' })).toHaveLength(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Завершить сеанс' }));
    await expect(args.onSessionEnd).toHaveBeenCalledWith('b'.repeat(32));
    await userEvent.click(canvas.getByRole('button', { name: 'Завершить все другие сеансы' }));
    await expect(args.onSessionsEndOthers).toHaveBeenCalled();
    await expect(canvas.getByText('Неверный пароль')).toBeVisible();
  },
};

export const Enrolling: Story = {
  args: { totp: { ...totpOff, stage: 'enrolling', setup } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('img', { name: 'QR-код для приложения-аутентификатора' })).toBeVisible();
    await expect(canvas.getByTestId('totp-secret')).toHaveTextContent(setup.secret);
    await userEvent.type(canvas.getByLabelText('Код'), '123456{Enter}');
    await expect(args.onTotpConfirm).toHaveBeenCalledWith('123456');
  },
};

export const WrongCode: Story = {
  args: { totp: { ...totpOff, stage: 'enrolling', setup, codeError: t('security.error.second_factor_code') } },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Код')).toHaveAccessibleDescription(/Неверный код/);
  },
};

export const Confirming: Story = {
  args: { totp: { ...totpOff, stage: 'enrolling', setup, busy: true } },
};

export const RecoveryCodes: Story = {
  args: { totp: { ...totpOff, stage: 'codes', recoveryCodes: Array.from({ length: 10 }, (_, i) => `k7mq${i}-x2p9${i}`) } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('list', { name: 'Резервные коды' }).querySelectorAll('li')).toHaveLength(10);
    await userEvent.click(canvas.getByRole('button', { name: 'Я сохранил коды' }));
    await expect(args.onCodesDone).toHaveBeenCalled();
  },
};

export const On: Story = {
  args: { totp: { ...totpOff, stage: 'on', enabledAt: '2026-11-25T10:00:00.000Z', recoveryCodesLeft: 9 } },
  play: async ({ args, canvas, userEvent }) => {
    const disable = canvas.getByRole('form', { name: 'Выключить' });
    await userEvent.type(disable.querySelector('input')!, '654321{Enter}');
    await expect(args.onTotpDisable).toHaveBeenCalledWith('654321');
  },
};

const totpOn: SecurityPanelProps['totp'] = { ...totpOff, stage: 'on', enabledAt: '2026-11-25T10:00:00.000Z', recoveryCodesLeft: 9 };

/** The account has a passkey as well: each step offers it instead of a code. */
export const OnWithPasskey: Story = {
  args: { totp: { ...totpOn, passkey: { signing: false } } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(t('security.totp.fresh_passkey'))).toBeVisible();
    const usePasskey = { name: t('security.second_factor.use_passkey') };
    await userEvent.click(within(canvas.getByRole('form', { name: t('security.totp.disable') })).getByRole('button', usePasskey));
    await expect(args.onTotpPasskey).toHaveBeenLastCalledWith('disable');
    await userEvent.click(within(canvas.getByRole('form', { name: t('security.totp.change') })).getByRole('button', usePasskey));
    await expect(args.onTotpPasskey).toHaveBeenLastCalledWith('change');
    await userEvent.click(within(canvas.getByRole('form', { name: t('security.codes.renew') })).getByRole('button', usePasskey));
    await expect(args.onTotpPasskey).toHaveBeenLastCalledWith('renew');
    await expect(args.onTotpDisable).not.toHaveBeenCalled();
  },
};

/** The browser's passkey prompt is open: the panel waits, and nothing else can be sent. */
export const SigningWithPasskey: Story = {
  args: { totp: { ...totpOn, busy: true, passkey: { signing: true } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t('security.second_factor.passkey_waiting'));
    for (const button of canvas.getAllByRole('button', { name: t('security.second_factor.use_passkey') })) await expect(button).toBeDisabled();
  },
};

/** The trader closed the passkey prompt: the reason, and the passkey still offered. */
export const PasskeyPromptClosed: Story = {
  args: { totp: { ...totpOn, passkey: { signing: false }, error: t('security.error.passkey_cancelled') } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('security.error.passkey_cancelled'));
    await expect(canvas.getAllByRole('button', { name: t('security.second_factor.use_passkey') })[0]).toBeEnabled();
  },
};

/** Off, with a passkey guarding the account: turning the app on asks for that passkey first. */
export const OffWithPasskey: Story = {
  args: { totp: { ...totpOff, passkey: { signing: false } } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(t('security.totp.start_passkey'))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t('security.totp.start') }));
    await expect(args.onTotpStart).toHaveBeenCalled();
  },
};

export const FreshCodeRefused: Story = {
  args: {
    totp: { ...totpOff, stage: 'on', enabledAt: '2026-11-25T10:00:00.000Z', recoveryCodesLeft: 9, error: t('errors.rate_limited') },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toBeVisible();
  },
};

export const EndingSession: Story = {
  args: { sessions: { ...sessions, busy: true } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Завершить сеанс' })).toBeDisabled();
  },
};

/** Every address has a place: the city, then the country in the reader's language (or the country alone). */
export const PlaceKnown: Story = {
  args: {
    sessions: {
      ...sessions,
      items: [sessions.items[0]!, { ...sessions.items[1]!, place: { country: 'BR', city: null } }],
      signIns: sessions.signIns.map((item) => ({ ...item, place: moscow })),
    },
  },
  play: async ({ canvas }) => {
    const list = within(canvas.getByRole('group', { name: t('security.sessions.title') }));
    await expect(list.getByText('Москва, Россия')).toBeVisible();
    await expect(list.getByText('Бразилия')).toBeVisible();
    const history = within(canvas.getByRole('group', { name: t('security.history.title') }));
    await expect(history.getAllByText('Москва, Россия')).toHaveLength(2);
  },
};

/** No place is known (no GeoIP database, or private addresses): a dash, read out as "place unknown". */
export const PlaceUnknown: Story = {
  args: {
    sessions: {
      ...sessions,
      items: sessions.items.map((item) => ({ ...item, place: null })),
      signIns: sessions.signIns.map((item) => ({ ...item, place: null })),
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText(t('security.sessions.place_unknown'))).toHaveLength(4);
    await expect(canvas.queryByText(/Россия/)).toBeNull();
  },
};
