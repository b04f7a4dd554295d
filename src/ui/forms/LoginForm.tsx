import { useTranslation } from 'react-i18next';
import { Checkbox } from '../primitives/Field';
import { Button } from '../primitives/Button';
import { Link } from '../primitives/Link';
import { CurrentPasswordField, EmailField, FormFrame, useForm } from './form-kit';
import type { FormProps } from './form-kit';

export interface LoginValues extends Record<string, string | boolean> {
  email: string;
  password: string;
  remember: boolean;
}

export interface LoginFormProps extends FormProps<LoginValues> {
  onNavigate: (href: string) => void;
  /** A sign-in with a passkey and no password (the browser's prompt opens). */
  onPasskey?: () => void;
}

/** Sign-in with email and password (or a passkey), with "remember me" and links to sign-up and password recovery. */
export function LoginForm({ onNavigate, onPasskey, ...props }: LoginFormProps) {
  const { t } = useTranslation();
  const form = useForm<LoginValues>({ email: '', password: '', remember: false }, props);
  return (
    <FormFrame
      title={t('shell.login-title')}
      {...form.frame}
      submitLabel={t('shell.login')}
      footer={
        <>
          {onPasskey && (
            <Button type="button" variant="outline" disabled={props.busy} onClick={onPasskey}>
              {t('auth.login.passkey')}
            </Button>
          )}
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
      <EmailField field={form.field('email')} />
      <CurrentPasswordField label={t('shell.password')} field={form.field('password')} />
      <Checkbox
        label={t('shell.remember-me')}
        name="remember"
        checked={form.values.remember}
        onChange={(value) => form.set('remember', value)}
      />
    </FormFrame>
  );
}
