import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { VerificationPanel } from '../../src/ui/limits/VerificationPanel';
import { fixtureKey } from '../support/fixture-text';
import { kycNone, kycRejected, kycVerified } from '../../tests/msw/limits-fixtures';

const meta = {
  title: 'Patterns/Limits/VerificationPanel',
  component: VerificationPanel,
  args: { kyc: kycNone, sending: null, onUpload: fn() },
} satisfies Meta<typeof VerificationPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NotSent: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(/^Выводы больше 2\s000,00\s\$ в сумме/);
    const [send] = canvas.getAllByRole('button', { name: 'Отправить' });
    await expect(send).toBeDisabled();
    const file = new File(['%PDF-1.4'], 'passport.pdf', { type: 'application/pdf' });
    const identity = canvas.getByLabelText('Удостоверение личности (паспорт или ID-карта)');
    // The picker is drawn by the page, in its language, and the keyboard reaches it first.
    await expect(identity).toHaveAccessibleName('Удостоверение личности (паспорт или ID-карта) Выбрать файл');
    await expect(identity).toHaveAccessibleDescription('Файл не выбран');
    await userEvent.tab();
    await expect(identity).toHaveFocus();
    await userEvent.upload(identity, file);
    await expect(identity).toHaveAccessibleDescription('passport.pdf');
    await userEvent.click(send!);
    await expect(args.onUpload).toHaveBeenCalledWith('identity', file);
  },
};

export const Sending: Story = {
  args: { sending: 'identity' },
  play: async ({ canvas }) => {
    for (const button of canvas.getAllByRole('button', { name: 'Отправить' })) await expect(button).toBeDisabled();
  },
};

export const Rejected: Story = {
  args: { kyc: kycRejected },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Отклонено: Счёт старше 3 месяцев. Отправьте другой файл.')).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: 'Отправить' })).toHaveLength(1);
  },
};

export const Refused: Story = {
  args: { error: fixtureKey('support.errors.file_type') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Можно приложить только JPG, PNG или PDF');
  },
};

export const Verified: Story = {
  args: { kyc: kycVerified },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Ваш аккаунт верифицирован.');
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};
