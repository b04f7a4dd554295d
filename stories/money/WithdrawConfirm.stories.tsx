import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { WithdrawConfirm } from '../../src/ui/money/WithdrawConfirm';
import { fixtureKey } from '../support/fixture-text';

const meta = {
  title: 'Patterns/Money/WithdrawConfirm',
  component: WithdrawConfirm,
  args: { systemName: fixtureKey('money.ps.card'), quote: { amount: 50, fee: 1, receive: 49 }, onConfirm: fn(), onBack: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof WithdrawConfirm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(/49[.,]00/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Подтвердить|Confirm/ }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};

export const Confirming: Story = {
  args: { busy: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Подтвердить|Confirm/ })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: /Изменить|Edit/ })).toBeDisabled();
  },
};

export const Refused: Story = {
  args: { problem: fixtureKey('money.error.insufficient_balance') },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('нет такой суммы');
    await userEvent.click(canvas.getByRole('button', { name: /Изменить|Edit/ }));
    await expect(args.onBack).toHaveBeenCalledTimes(1);
  },
};

/** Two-factor sign-in is on: the server asked for a fresh code, typed here before confirming again. */
export const SecondFactorAsked: Story = {
  args: {
    problem: fixtureKey('errors.validation'),
    secondFactor: { value: '', error: fixtureKey('security.error.second_factor_required'), onChange: fn() },
  },
  play: async ({ args, canvas, userEvent }) => {
    const field = canvas.getByLabelText('Код');
    await expect(field).toBeInvalid();
    await userEvent.type(field, '1');
    await expect(args.secondFactor!.onChange).toHaveBeenCalledWith('1');
  },
};

/** The account's only second factor is a passkey: the review confirms with it, no plain button. */
export const PasskeyAsked: Story = {
  args: { passkey: { signing: false, onUse: fn() } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.queryByRole('button', { name: /^(Подтвердить вывод|Confirm withdrawal)$/ })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: /ключом доступа|with a passkey/ }));
    await expect(args.passkey!.onUse).toHaveBeenCalledTimes(1);
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** The browser's passkey prompt is open: the button waits, nothing can be pressed twice. */
export const PasskeyWaiting: Story = {
  args: { busy: true, passkey: { signing: true, onUse: fn() } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(/Ждём|Waiting/);
    await expect(canvas.getByRole('button', { name: /ключом доступа|with a passkey/ })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: /Изменить|Edit/ })).toBeDisabled();
  },
};

/** The trader closed the prompt: the reason, and the passkey offered again. */
export const PasskeyCancelled: Story = {
  args: { problem: fixtureKey('security.error.passkey_cancelled'), passkey: { signing: false, onUse: fn() } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('закрыто');
    await userEvent.click(canvas.getByRole('button', { name: /ключом доступа|with a passkey/ }));
    await expect(args.passkey!.onUse).toHaveBeenCalledTimes(1);
  },
};

/** The server refused the answer (another passkey, a replay, too late): the reason and a new try. */
export const PasskeyRefused: Story = {
  args: { problem: fixtureKey('security.error.passkey_refused'), passkey: { signing: false, onUse: fn() } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('не принят');
    await expect(canvas.getByRole('button', { name: /ключом доступа|with a passkey/ })).toBeEnabled();
  },
};

/** An authenticator app and a passkey: either one confirms. */
export const EitherFactorAsked: Story = {
  args: {
    secondFactor: { value: '', error: fixtureKey('security.error.second_factor_required'), onChange: fn() },
    passkey: { signing: false, onUse: fn() },
  },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByLabelText(/Код|Code/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /^(Подтвердить вывод|Confirm withdrawal)$/ }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};
