import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ChangePasswordForm } from '../../src/ui/forms/ChangePasswordForm';
import { formChecks, t } from '../support/form-checks';

const meta = {
  title: 'Patterns/Forms/ChangePasswordForm',
  component: ChangePasswordForm,
  args: { validate: formChecks.change, onSubmit: fn() },
} satisfies Meta<typeof ChangePasswordForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Текущий пароль'), 'old-secret-1');
    await userEvent.type(canvas.getByLabelText('Новый пароль'), 'new-secret-22');
    await userEvent.type(canvas.getByLabelText('Повторите пароль'), 'new-secret-22');
    await userEvent.click(canvas.getByRole('button', { name: 'Сохранить' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      current_password: 'old-secret-1',
      password: 'new-secret-22',
      password_confirmation: 'new-secret-22',
    });
  },
};

export const Empty: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Сохранить' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(canvas.getByLabelText('Текущий пароль')).toHaveFocus();
  },
};

/** The server refused the current password (422 at its field). */
export const WrongCurrentPassword: Story = {
  args: { errors: { current_password: t('validation.current_password') } },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Текущий пароль')).toHaveAccessibleDescription('Неверный текущий пароль');
  },
};

export const Changed: Story = {
  args: { success: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Пароль изменён.');
  },
};

export const Busy: Story = { args: { busy: true } };
export const NetworkError: Story = { args: { formError: t('errors.network') } };
export const CompactLayout: Story = { parameters: { viewport: { defaultViewport: 'phone' } } };
