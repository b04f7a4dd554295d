import { useTranslation } from 'react-i18next';
import { Link } from '../primitives/Link';
import { FormFrame, NewPasswordFields, useForm } from './form-kit';
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
      {...form.frame}
      successText={props.success ? t('shell.reset-success') : undefined}
      submitLabel={t('shell.reset-submit')}
      footer={
        <Link href="/forgot-password" onNavigate={onNavigate}>
          {t('shell.reset-new-link')}
        </Link>
      }
    >
      <NewPasswordFields password={form.field('password')} confirmation={form.field('password_confirmation')} />
    </FormFrame>
  );
}
