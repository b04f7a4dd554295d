import { useTranslation } from 'react-i18next';
import { TextField } from '../primitives/Field';
import { Link } from '../primitives/Link';
import { FormFrame, useForm } from './form-kit';
import type { FormProps } from './form-kit';

export interface ForgotPasswordValues extends Record<string, string | boolean> {
  email: string;
}

export interface ForgotPasswordFormProps extends FormProps<ForgotPasswordValues> {
  onNavigate: (href: string) => void;
}

/** Asks for a reset link. The server answers the same for any address, so success says "if". */
export function ForgotPasswordForm({ onNavigate, ...props }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const form = useForm<ForgotPasswordValues>({ email: '' }, props);
  return (
    <FormFrame
      title={t('shell.forgot-title')}
      intro={t('shell.forgot-intro')}
      formError={props.formError}
      successText={props.success ? t('shell.forgot-success') : undefined}
      busy={props.busy ?? false}
      waiting={props.waiting}
      submitLabel={t('shell.forgot-submit')}
      onSubmit={form.handleSubmit}
      footer={
        <Link href="/login" onNavigate={onNavigate}>
          {t('shell.back-to-login')}
        </Link>
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
    </FormFrame>
  );
}
