import { useTranslation } from 'react-i18next';
import { TextField } from '../primitives/Field';
import { Button } from '../primitives/Button';
import { FormFrame, useForm } from './form-kit';
import type { FormProps } from './form-kit';

export interface SecondFactorValues extends Record<string, string> {
  code: string;
}

export interface SecondFactorFormProps extends FormProps<SecondFactorValues> {
  /** Back to the email and password. */
  onCancel: () => void;
}

/** The second step of a sign-in with two-factor on: the authenticator app's code or a recovery code. */
export function SecondFactorForm({ onCancel, ...props }: SecondFactorFormProps) {
  const { t } = useTranslation();
  const form = useForm<SecondFactorValues>({ code: '' }, props);
  return (
    <FormFrame
      title={t('security.second_factor.title')}
      intro={t('security.second_factor.intro')}
      {...form.frame}
      submitLabel={t('security.second_factor.submit')}
      footer={
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('security.second_factor.back')}
        </Button>
      }
    >
      <TextField label={t('security.second_factor.code')} autoComplete="one-time-code" required {...form.field('code')} />
    </FormFrame>
  );
}
