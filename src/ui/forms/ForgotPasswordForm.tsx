import { useTranslation } from 'react-i18next';
import { Link } from '../primitives/Link';
import { EmailField, FormFrame, useForm } from './form-kit';
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
      {...form.frame}
      successText={props.success ? t('shell.forgot-success') : undefined}
      submitLabel={t('shell.forgot-submit')}
      footer={
        <Link href="/login" onNavigate={onNavigate}>
          {t('shell.back-to-login')}
        </Link>
      }
    >
      <EmailField field={form.field('email')} />
    </FormFrame>
  );
}
