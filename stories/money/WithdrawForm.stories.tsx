import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { WithdrawForm } from '../../src/ui/money/WithdrawForm';
import { TEST_CARD, withdrawConfigs } from '../../tests/msw/money-fixtures';
import { fixtureKey } from '../support/fixture-text';

const [card, usdt, bank] = withdrawConfigs.map((config) => config.ps);

const meta = {
  title: 'Patterns/Money/WithdrawForm',
  component: WithdrawForm,
  args: {
    system: card!,
    fields: card!.fields,
    values: { amount: '', card_number: '', holder_name: '' },
    available: 1250.5,
    onChange: fn(),
    onSubmit: fn(),
    onBack: fn(),
  },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof WithdrawForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const BankCard: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Номер карты'), '4');
    await expect(args.onChange).toHaveBeenCalledWith('card_number', '4');
    await userEvent.click(canvas.getByRole('button', { name: /Рассчитать|Continue/ }));
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

export const CryptoAddress: Story = {
  args: { system: usdt!, fields: usdt!.fields, values: { amount: '100', address: '' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Адрес USDT TRC-20')).toBeVisible();
  },
};

export const BankTransfer: Story = {
  args: { system: bank!, fields: bank!.fields, values: { amount: '500', iban: '', beneficiary: '' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('IBAN')).toBeVisible();
    await expect(canvas.getByLabelText('Имя получателя')).toBeVisible();
  },
};

export const FieldErrors: Story = {
  args: {
    values: { amount: '2000', card_number: '4242 4242 4242 4241', holder_name: '' },
    errors: { amount: fixtureKey('money.error.insufficient_balance'), card_number: 'Неверный номер карты', holder_name: 'Обязательное поле' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Номер карты')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByLabelText('Номер карты')).toHaveAccessibleDescription('Неверный номер карты');
  },
};

export const Checking: Story = {
  args: { checking: true, values: { amount: '50', card_number: TEST_CARD, holder_name: 'ANNA PETROVA' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Рассчитать|Continue/ })).toBeDisabled();
    await expect(canvas.getByLabelText('Номер карты')).toBeDisabled();
  },
};

export const CheckRefused: Story = {
  args: { values: { amount: '50', card_number: TEST_CARD, holder_name: 'ANNA PETROVA' }, problem: 'Проверьте введённые данные' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Проверьте');
  },
};

/** An account not verified: the form says past which total a withdrawal needs it, and links there. */
export const VerificationNeeded: Story = {
  args: { verification: { verified: false, threshold: 2000 }, onNavigate: fn() },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByTestId('withdraw-verification')).toHaveTextContent(/^Выводы больше 2\s000,00\s\$ в сумме требуют верифицированного аккаунта\./);
    await userEvent.click(canvas.getByRole('link', { name: 'Пройти верификацию' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/settings/verification');
  },
};
