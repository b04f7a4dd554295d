import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ResetPasswordForm } from '../../src/ui/forms/ResetPasswordForm';
import { formChecks, t } from '../support/form-checks';

const meta = {
  title: 'Patterns/Forms/ResetPasswordForm',
  component: ResetPasswordForm,
  args: { validate: formChecks.reset, onSubmit: fn(), onNavigate: fn() },
} satisfies Meta<typeof ResetPasswordForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Новый пароль', { selector: 'input' }), 'harbour-lights-7');
    await userEvent.type(canvas.getByLabelText('Повторите пароль'), 'harbour-lights-7');
    await userEvent.click(canvas.getByRole('button', { name: 'Сменить пароль' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ password: 'harbour-lights-7', password_confirmation: 'harbour-lights-7' });
  },
};

export const Mismatch: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Новый пароль', { selector: 'input' }), 'harbour-lights-7');
    await userEvent.type(canvas.getByLabelText('Повторите пароль'), 'harbour-lights-8');
    await userEvent.click(canvas.getByRole('button', { name: 'Сменить пароль' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(canvas.getByLabelText('Повторите пароль')).toHaveFocus();
    await expect(canvas.getByLabelText('Повторите пароль')).toHaveAccessibleDescription('Пароли не совпадают');
  },
};

/** A used or expired link: the form says so and offers a new one. */
export const InvalidLink: Story = {
  args: { formError: t('errors.invalid_token') },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Ссылка недействительна или устарела');
    await userEvent.click(canvas.getByRole('link', { name: 'Запросить новую ссылку' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/forgot-password');
  },
};

export const Changed: Story = {
  args: { success: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Пароль изменён, вы вошли в аккаунт.');
  },
};

export const Busy: Story = { args: { busy: true } };


export const CompactLayout: Story = { parameters: { viewport: { defaultViewport: 'phone' } } };
