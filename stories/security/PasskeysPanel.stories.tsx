import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PasskeysPanel, type PasskeyItem } from '../../src/ui/security/PasskeysPanel';
import { t } from '../support/form-checks';

const phone: PasskeyItem = { id: 'cred-phone', name: 'iPhone', created_at: '2026-11-20T09:00:00.000Z', last_used_at: '2026-11-26T18:30:00.000Z' };
const laptop: PasskeyItem = { id: 'cred-laptop', name: 'Рабочий ноутбук', created_at: '2026-11-25T12:00:00.000Z', last_used_at: null };

const meta = {
  title: 'Patterns/Security/PasskeysPanel',
  component: PasskeysPanel,
  args: {
    passkeys: [phone, laptop],
    stage: 'idle',
    removing: null,
    factors: { code: false, passkey: true },
    busy: false,
    onAddStart: fn(),
    onAdd: fn(),
    onRemoveStart: fn(),
    onRemove: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof PasskeysPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { passkeys: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t('security.loading'));
    await expect(canvas.queryByRole('button', { name: t('security.passkeys.add') })).toBeNull();
  },
};

export const None: Story = {
  args: { passkeys: [] },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(t('security.passkeys.none'))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t('security.passkeys.add') }));
    await expect(args.onAddStart).toHaveBeenCalled();
  },
};

/** Two passkeys: each with when it was added and last used, and its own remove button. */
export const Listed: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.getByText(t('security.passkeys.never_used'), { exact: false })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t('security.passkeys.remove_named', { name: 'iPhone' }) }));
    await expect(args.onRemoveStart).toHaveBeenCalledWith('cred-phone');
  },
};

/** Naming the new passkey: the name and the password are required before the browser's prompt. */
export const Naming: Story = {
  args: { stage: 'naming', passkeys: [], factors: { code: false, passkey: false } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: t('security.passkeys.create') }));
    await expect(canvas.getByLabelText(t('security.passkeys.name'))).toHaveAccessibleDescription(new RegExp(t('validation.required')));
    await expect(args.onAdd).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByLabelText(t('security.passkeys.name')), 'Планшет');
    await userEvent.type(canvas.getByLabelText(t('security.passkeys.password')), 'Quiet-harbor-2026{Enter}');
    await expect(args.onAdd).toHaveBeenCalledWith({ name: 'Планшет', password: 'Quiet-harbor-2026', proof: {} });
  },
};

/** Another passkey on an account with an authenticator app: its code is asked too, or one of the passkeys. */
export const NamingWithCode: Story = {
  args: { stage: 'naming', factors: { code: true, passkey: true } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(t('security.passkeys.name')), 'Планшет');
    await userEvent.type(canvas.getByLabelText(t('security.passkeys.password')), 'Quiet-harbor-2026');
    await userEvent.click(canvas.getByRole('button', { name: t('security.passkeys.create') }));
    await expect(canvas.getByLabelText(t('security.second_factor.code'))).toHaveAccessibleDescription(new RegExp(t('validation.required')));
    await expect(args.onAdd).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByLabelText(t('security.second_factor.code')), '123456{Enter}');
    await expect(args.onAdd).toHaveBeenCalledWith({ name: 'Планшет', password: 'Quiet-harbor-2026', proof: { code: '123456' } });
    await userEvent.click(canvas.getByRole('button', { name: t('security.second_factor.use_passkey') }));
    await expect(args.onAdd).toHaveBeenLastCalledWith({ name: 'Планшет', password: 'Quiet-harbor-2026', proof: { passkey: true } });
  },
};

/** The browser's prompt is open or the server checks the answer. */
export const Adding: Story = {
  args: { stage: 'naming', busy: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: t('security.passkeys.title') })).toHaveAttribute('aria-busy', 'true');
  },
};

/** A wrong password: its message stands at the field. */
export const WrongPassword: Story = {
  args: { stage: 'naming', fieldErrors: { password: t('validation.current_password') } },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(t('security.passkeys.password'))).toHaveAccessibleDescription(new RegExp(t('validation.current_password')));
  },
};

/** The prompt was closed: the failure is said above the list and the form stays open. */
export const PromptClosed: Story = {
  args: { stage: 'naming', error: t('security.error.passkey_cancelled') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('security.error.passkey_cancelled'));
  },
};

/** Removing asks for the password under the passkey that goes, then one of the passkeys (the account's only factor). */
export const ConfirmingRemoval: Story = {
  args: { stage: 'confirmingRemoval', removing: 'cred-laptop' },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.queryByRole('button', { name: t('security.passkeys.remove_named', { name: 'iPhone' }) })).toBeNull();
    await expect(canvas.queryByLabelText(t('security.second_factor.code'))).toBeNull();
    await userEvent.type(canvas.getByLabelText(t('security.passkeys.password')), 'Quiet-harbor-2026');
    await userEvent.click(canvas.getByRole('button', { name: t('security.second_factor.use_passkey') }));
    await expect(args.onRemove).toHaveBeenCalledWith({ password: 'Quiet-harbor-2026', proof: { passkey: true } });
    await userEvent.click(canvas.getByRole('button', { name: t('security.passkeys.cancel') }));
    await expect(args.onCancel).toHaveBeenCalled();
  },
};

/** On an account with an authenticator app, removing asks for its code next to the password. */
export const ConfirmingRemovalWithCode: Story = {
  args: { stage: 'confirmingRemoval', removing: 'cred-laptop', factors: { code: true, passkey: true } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(t('security.passkeys.password')), 'Quiet-harbor-2026');
    await userEvent.type(canvas.getByLabelText(t('security.second_factor.code')), '123456{Enter}');
    await expect(args.onRemove).toHaveBeenCalledWith({ password: 'Quiet-harbor-2026', proof: { code: '123456' } });
  },
};

/** The server refused the removal for want of the passkey: its message is said in the form, the passkey stays listed. */
/** The passkey that confirms the removal is asked in the browser's prompt: the form waits. */
export const SigningWithPasskey: Story = {
  args: { stage: 'confirmingRemoval', removing: 'cred-laptop', busy: true, signing: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t('security.second_factor.passkey_waiting'));
    await expect(canvas.getByRole('button', { name: t('security.passkeys.cancel') })).toBeVisible();
  },
};

export const RemovalFactorRefused: Story = {
  args: { stage: 'confirmingRemoval', removing: 'cred-laptop', fieldErrors: { passkey: t('security.error.passkey_required') } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('security.error.passkey_required'));
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
  },
};

/** A wrong code of the app: its message stands at the code field. */
export const RemovalWrongCode: Story = {
  args: { stage: 'confirmingRemoval', removing: 'cred-laptop', factors: { code: true, passkey: true }, fieldErrors: { code: t('security.error.second_factor_code') } },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(t('security.second_factor.code'))).toHaveAccessibleDescription(new RegExp(t('security.error.second_factor_code').slice(0, 20)));
  },
};
