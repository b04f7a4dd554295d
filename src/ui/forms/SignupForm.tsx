import { useTranslation } from 'react-i18next';
import { Checkbox, TextField } from '../primitives/Field';
import { Link } from '../primitives/Link';
import { FormFrame, useForm } from './form-kit';
import type { FormProps } from './form-kit';

export interface SignupValues extends Record<string, string | boolean> {
  email: string;
  password: string;
  password_confirmation: string;
  terms: boolean;
}

export interface SignupFormProps extends FormProps<SignupValues> {
  onNavigate: (href: string) => void;
}

export function SignupForm({ onNavigate, ...props }: SignupFormProps) {
  const { t } = useTranslation();
  const form = useForm<SignupValues>({ email: '', password: '', password_confirmation: '', terms: false }, props);
  return (
    <FormFrame
      title={t('shell.signup-title')}
      intro={t('shell.signup-intro')}
      formError={props.formError}
      busy={props.busy ?? false}
      waiting={props.waiting}
      submitLabel={t('shell.signup')}
      onSubmit={form.handleSubmit}
      footer={
        <span>
          {t('shell.have-account')}{' '}
          <Link href="/login" onNavigate={onNavigate}>
            {t('shell.login')}
          </Link>
        </span>
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
        autoComplete="new-password"
        required
        hint={t('shell.password-hint')}
        value={form.values.password}
        error={form.errorOf('password')}
        onChange={(value) => form.set('password', value)}
      />
      <TextField
        label={t('shell.password-confirmation')}
        type="password"
        name="password_confirmation"
        autoComplete="new-password"
        required
        value={form.values.password_confirmation}
        error={form.errorOf('password_confirmation')}
        onChange={(value) => form.set('password_confirmation', value)}
      />
      <Checkbox
        label={
          <>
            {t('shell.terms-accept')}{' '}
            <Link href="/company/license" onNavigate={onNavigate}>
              {t('shell.terms-link')}
            </Link>
          </>
        }
        name="terms"
        checked={form.values.terms}
        error={form.errorOf('terms')}
        onChange={(value) => form.set('terms', value)}
      />
    </FormFrame>
  );
}
