import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { SignupForm } from '../../src/ui/forms/SignupForm';
import { formChecks, t } from '../support/form-checks';

const meta = {
  title: 'Patterns/Forms/SignupForm',
  component: SignupForm,
  args: { validate: formChecks.register, onSubmit: fn(), onNavigate: fn() },
} satisfies Meta<typeof SignupForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Регистрация' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(canvas.getByLabelText('Email')).toHaveFocus();
    await expect(canvas.getByLabelText('Пароль')).toHaveAccessibleDescription(/Обязательное поле/);
    await expect(canvas.getByLabelText('Повторите пароль')).toHaveAccessibleDescription('Обязательное поле');
    await expect(canvas.getByRole('checkbox')).toHaveAccessibleDescription('Нужно принять условия использования');
  },
};

export const Submit: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Email'), 'new.trader@example.com');
    await userEvent.type(canvas.getByLabelText('Пароль'), 'river-stone-42');
    await userEvent.type(canvas.getByLabelText('Повторите пароль'), 'river-stone-42');
    await userEvent.click(canvas.getByRole('checkbox'));
    await userEvent.click(canvas.getByRole('button', { name: 'Регистрация' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      email: 'new.trader@example.com',
      password: 'river-stone-42',
      password_confirmation: 'river-stone-42',
      terms: true,
    });
  },
};

/** The password rules the server applies, checked before sending: length, common, repeated. */
export const PasswordRules: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const password = canvas.getByLabelText('Пароль');
    const repeated = canvas.getByLabelText('Повторите пароль');
    await userEvent.type(canvas.getByLabelText('Email'), 'new.trader@example.com');
    await userEvent.click(canvas.getByRole('checkbox'));
    await userEvent.type(password, 'short');
    await userEvent.click(canvas.getByRole('button', { name: 'Регистрация' }));
    await expect(password).toHaveAccessibleDescription(/Минимум 8 символов/);
    await userEvent.clear(password);
    await userEvent.type(password, '12345678');
    await userEvent.type(repeated, '12345679');
    await userEvent.click(canvas.getByRole('button', { name: 'Регистрация' }));
    await expect(password).toHaveAccessibleDescription(/слишком распространён/);
    await expect(repeated).toHaveAccessibleDescription('Пароли не совпадают');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const EmailTaken: Story = {
  args: {
    initialValues: { email: 'taken@example.com', terms: true },
    errors: { email: t('validation.email_taken') },
    formError: t('errors.validation'),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Email')).toHaveAccessibleDescription('Этот email уже зарегистрирован');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Проверьте введённые данные');
  },
};

export const Busy: Story = {
  args: { busy: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Отправка…' })).toBeDisabled();
  },
};

export const TermsLink: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('link', { name: 'условия использования' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/company/license');
    await userEvent.click(canvas.getByRole('link', { name: 'Войти' }));
    await expect(args.onNavigate).toHaveBeenLastCalledWith('/login');
  },
};


export const CompactLayout: Story = {
  parameters: { viewport: { defaultViewport: 'phone' } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};
