import { useTranslation } from 'react-i18next';
import { TextField } from '../primitives/Field';
import { FormFrame, useForm } from './form-kit';
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
      formError={props.formError}
      successText={props.success ? t('shell.change-password-success') : undefined}
      busy={props.busy ?? false}
      waiting={props.waiting}
      submitLabel={t('shell.save')}
      onSubmit={form.handleSubmit}
    >
      <TextField
        label={t('shell.current-password')}
        type="password"
        name="current_password"
        autoComplete="current-password"
        required
        value={form.values.current_password}
        error={form.errorOf('current_password')}
        onChange={(value) => form.set('current_password', value)}
      />
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
