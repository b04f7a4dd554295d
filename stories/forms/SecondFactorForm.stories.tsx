import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { SecondFactorForm } from '../../src/ui/forms/SecondFactorForm';
import { t } from '../support/form-checks';

const meta = {
  title: 'Patterns/Forms/SecondFactorForm',
  component: SecondFactorForm,
  args: { kinds: ['totp'], onSubmit: fn(), onPasskey: fn(), onCancel: fn() },
} satisfies Meta<typeof SecondFactorForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('form', { name: 'Двухфакторный вход' })).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Код'), '123456{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith({ code: '123456' });
    await userEvent.click(canvas.getByRole('button', { name: 'Вернуться ко входу' }));
    await expect(args.onCancel).toHaveBeenCalled();
  },
};

/** A 422: the wrong code's message stands at the field. */
export const WrongCode: Story = {
  args: { initialValues: { code: '000000' }, errors: { code: t('security.error.second_factor_code') } },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Код')).toHaveAccessibleDescription(/Неверный код/);
  },
};

/** 429: the wait is shown and the button is off until it ends. */
export const TooManyAttempts: Story = {
  args: { formError: t('errors.rate_limited'), waiting: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Подтвердить' })).toBeDisabled();
  },
};

export const Busy: Story = {
  args: { busy: true, initialValues: { code: '123456' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('form', { name: 'Двухфакторный вход' })).toHaveAttribute('aria-busy', 'true');
  },
};

/** An account with an authenticator app and a passkey: either one confirms the sign-in. */
export const CodeOrPasskey: Story = {
  args: { kinds: ['totp', 'passkey'] },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByLabelText('Код')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t('security.second_factor.use_passkey') }));
    await expect(args.onPasskey).toHaveBeenCalled();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** An account with passkeys only: no code field, the one button opens the browser's prompt. */
export const PasskeyOnly: Story = {
  args: { kinds: ['passkey'] },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.queryByLabelText('Код')).toBeNull();
    await expect(canvas.getByText(t('security.second_factor.passkey_intro'))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t('security.second_factor.use_passkey') }));
    await expect(args.onPasskey).toHaveBeenCalledTimes(1);
  },
};

/** The prompt was closed: its failure stands above the button, which can be pressed again. */
export const PasskeyPromptClosed: Story = {
  args: { kinds: ['passkey'], formError: t('security.error.passkey_cancelled') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('security.error.passkey_cancelled'));
    await expect(canvas.getByRole('button', { name: t('security.second_factor.use_passkey') })).toBeEnabled();
  },
};
