import { useTranslation } from 'react-i18next';
import { CurrentPasswordField, FormFrame, NewPasswordFields, useForm } from './form-kit';
import type { FormProps } from './form-kit';

export interface ChangePasswordValues extends Record<string, string | boolean> {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** Changes the password of the signed-in trader; the server ends their other sessions. */
export function ChangePasswordForm(props: FormProps<ChangePasswordValues>) {
  const { t } = useTranslation();
  const form = useForm<ChangePasswordValues>({ current_password: '', password: '', password_confirmation: '' }, props);
  return (
    <FormFrame
      wide
      title={t('shell.change-password-title')}
      intro={t('shell.change-password-intro')}
      {...form.frame}
      successText={props.success ? t('shell.change-password-success') : undefined}
      submitLabel={t('shell.save')}
    >
      <CurrentPasswordField label={t('shell.current-password')} field={form.field('current_password')} />
      <NewPasswordFields password={form.field('password')} confirmation={form.field('password_confirmation')} />
    </FormFrame>
  );
}
