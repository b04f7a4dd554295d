import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ForgotPasswordForm } from '../../src/ui/forms/ForgotPasswordForm';
import { formChecks, t } from '../support/form-checks';

const meta = {
  title: 'Patterns/Forms/ForgotPasswordForm',
  component: ForgotPasswordForm,
  args: { validate: formChecks.forgot, onSubmit: fn(), onNavigate: fn() },
} satisfies Meta<typeof ForgotPasswordForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Email'), 'Trader@Example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Отправить ссылку' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ email: 'Trader@Example.com' });
    await userEvent.click(canvas.getByRole('link', { name: 'Вернуться ко входу' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/login');
  },
};

export const InvalidEmail: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Email'), 'not an email');
    await userEvent.click(canvas.getByRole('button', { name: 'Отправить ссылку' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(canvas.getByLabelText('Email')).toHaveAccessibleDescription('Введите корректный email');
  },
};

/** The answer is the same whether or not the address has an account. */
export const Sent: Story = {
  args: { success: true, initialValues: { email: 'trader@example.com' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Если такой аккаунт существует');
  },
};

export const Busy: Story = {
  args: { busy: true, initialValues: { email: 'trader@example.com' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Отправка…' })).toBeDisabled();
  },
};

export const TooManyRequests: Story = {
  args: { formError: t('errors.rate_limited'), waiting: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Отправить ссылку' })).toBeDisabled();
  },
};


export const CompactLayout: Story = { parameters: { viewport: { defaultViewport: 'phone' } } };
