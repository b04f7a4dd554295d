import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { LoginForm } from '../../src/ui/forms/LoginForm';
import { LONG_EMAIL } from '../support/shell-fixtures';
import { formChecks, t } from '../support/form-checks';

const meta = {
  title: 'Patterns/Forms/LoginForm',
  component: LoginForm,
  args: { validate: formChecks.login, onSubmit: fn(), onNavigate: fn() },
} satisfies Meta<typeof LoginForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('form', { name: 'Вход' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Войти' }));
    // Nothing is sent; the first wrong field takes the focus and says what is wrong.
    await expect(args.onSubmit).not.toHaveBeenCalled();
    const email = canvas.getByLabelText('Email');
    await expect(email).toHaveFocus();
    await expect(email).toBeInvalid();
    await expect(email).toHaveAccessibleDescription('Обязательное поле');
    await expect(canvas.getByLabelText('Пароль')).toHaveAccessibleDescription('Обязательное поле');
  },
};

export const Submit: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Email'), 'trader@example.com');
    await userEvent.type(canvas.getByLabelText('Пароль'), 'correct horse');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Запомнить меня' }));
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith({ email: 'trader@example.com', password: 'correct horse', remember: true });
  },
};

export const InvalidEmail: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const email = canvas.getByLabelText('Email');
    await userEvent.type(email, 'trader@');
    await userEvent.type(canvas.getByLabelText('Пароль'), 'secret');
    await userEvent.click(canvas.getByRole('button', { name: 'Войти' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(email).toHaveAccessibleDescription('Введите корректный email');
    // Editing the field clears its message.
    await userEvent.type(email, 'example.com');
    await expect(email).not.toBeInvalid();
  },
};

/** 401 invalid_credentials: one message for the whole form, the same for a wrong email or password. */
export const WrongCredentials: Story = {
  args: { initialValues: { email: 'trader@example.com' }, formError: t('errors.invalid_credentials') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Неверный email или пароль');
    await expect(canvas.getByLabelText('Email')).toHaveValue('trader@example.com');
  },
};

/** 429: the message stays and the button waits until the server's retry time is over. */
export const TooManyAttempts: Story = {
  args: { formError: t('errors.rate_limited'), waiting: true, initialValues: { email: 'trader@example.com', password: 'guess' } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Слишком много попыток');
    await expect(canvas.getByRole('button', { name: 'Войти' })).toBeDisabled();
    await userEvent.type(canvas.getByLabelText('Пароль'), '{Enter}');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A 422 from the server: its messages stand at their fields. */
export const ServerFieldErrors: Story = {
  args: { initialValues: { email: 'trader@example' }, errors: { email: t('validation.email') } },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Email')).toHaveAccessibleDescription('Введите корректный email');
  },
};

export const Busy: Story = {
  args: { busy: true, initialValues: { email: 'trader@example.com', password: 'correct horse' } },
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Отправка…' });
    await expect(button).toBeDisabled();
    await expect(canvas.getByRole('form', { name: 'Вход' })).toHaveAttribute('aria-busy', 'true');
    await userEvent.type(canvas.getByLabelText('Пароль'), '{Enter}');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const Links: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('link', { name: 'Забыли пароль?' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/forgot-password');
    await userEvent.click(canvas.getByRole('link', { name: 'Регистрация' }));
    await expect(args.onNavigate).toHaveBeenLastCalledWith('/signup');
  },
};


export const LongText: Story = {
  args: {
    initialValues: { email: LONG_EMAIL },
    formError: `${t('errors.rate_limited')}. ${t('errors.csrf')}. ${t('errors.network')}.`,
  },
};

export const CompactLayout: Story = {
  parameters: { viewport: { defaultViewport: 'phone' } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};
