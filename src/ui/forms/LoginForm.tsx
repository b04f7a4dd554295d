import { useTranslation } from 'react-i18next';
import { Checkbox, TextField } from '../primitives/Field';
import { Link } from '../primitives/Link';
import { FormFrame, useForm } from './form-kit';
import type { FormProps } from './form-kit';

export interface LoginValues extends Record<string, string | boolean> {
  email: string;
  password: string;
  remember: boolean;
}

export interface LoginFormProps extends FormProps<LoginValues> {
  onNavigate: (href: string) => void;
}

export function LoginForm({ onNavigate, ...props }: LoginFormProps) {
  const { t } = useTranslation();
  const form = useForm<LoginValues>({ email: '', password: '', remember: false }, props);
  return (
    <FormFrame
      title={t('shell.login-title')}
      formError={props.formError}
      busy={props.busy ?? false}
      waiting={props.waiting}
      submitLabel={t('shell.login')}
      onSubmit={form.handleSubmit}
      footer={
        <>
          <Link href="/forgot-password" onNavigate={onNavigate}>
            {t('shell.forgot-link')}
          </Link>
          <span>
            {t('shell.no-account')}{' '}
            <Link href="/signup" onNavigate={onNavigate}>
              {t('shell.signup')}
            </Link>
          </span>
        </>
      }
    >
      <TextField
        label={t('shell.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={form.values.email}
        error={form.errorOf('email')}
        onChange={(value) => form.set('email', value)}
      />
      <TextField
        label={t('shell.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={form.values.password}
        error={form.errorOf('password')}
        onChange={(value) => form.set('password', value)}
      />
      <Checkbox label={t('shell.remember-me')} name="remember" checked={form.values.remember} onChange={(value) => form.set('remember', value)} />
    </FormFrame>
  );
}
