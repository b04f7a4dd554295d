import { useTranslation } from 'react-i18next';
import { Checkbox } from '../primitives/Field';
import { Link } from '../primitives/Link';
import { EmailField, FormFrame, NewPasswordFields, useForm } from './form-kit';
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

/** Sign-up with email, a new password twice and the terms' acceptance. */
export function SignupForm({ onNavigate, ...props }: SignupFormProps) {
  const { t } = useTranslation();
  const form = useForm<SignupValues>({ email: '', password: '', password_confirmation: '', terms: false }, props);
  return (
    <FormFrame
      title={t('shell.signup-title')}
      intro={t('shell.signup-intro')}
      {...form.frame}
      submitLabel={t('shell.signup')}
      footer={
        <span>
          {t('shell.have-account')}{' '}
          <Link href="/login" onNavigate={onNavigate}>
            {t('shell.login')}
          </Link>
        </span>
      }
    >
      <EmailField field={form.field('email')} />
      <NewPasswordFields
        label={t('shell.password')}
        password={form.field('password')}
        confirmation={form.field('password_confirmation')}
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
