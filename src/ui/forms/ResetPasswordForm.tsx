import { useTranslation } from 'react-i18next';
import { TextField } from '../primitives/Field';
import { Link } from '../primitives/Link';
import { FormFrame, useForm } from './form-kit';
import type { FormProps } from './form-kit';

export interface ResetPasswordValues extends Record<string, string | boolean> {
  password: string;
  password_confirmation: string;
}

export interface ResetPasswordFormProps extends FormProps<ResetPasswordValues> {
  onNavigate: (href: string) => void;
}

/** Sets a new password from the emailed link; an invalid or used link comes as `formError`. */
export function ResetPasswordForm({ onNavigate, ...props }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const form = useForm<ResetPasswordValues>({ password: '', password_confirmation: '' }, props);
  return (
    <FormFrame
      title={t('shell.reset-title')}
      formError={props.formError}
      successText={props.success ? t('shell.reset-success') : undefined}
      busy={props.busy ?? false}
      waiting={props.waiting}
      submitLabel={t('shell.reset-submit')}
      onSubmit={form.handleSubmit}
      footer={
        <Link href="/forgot-password" onNavigate={onNavigate}>
          {t('shell.reset-new-link')}
        </Link>
      }
    >
      <TextField
        label={t('shell.new-password')}
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
    </FormFrame>
  );
}
