import { useTranslation } from 'react-i18next';
import { TextField } from '../primitives/Field';
import { Button } from '../primitives/Button';
import { FormFrame, useForm } from './form-kit';
import type { FormProps } from './form-kit';

export interface SecondFactorValues extends Record<string, string> {
  code: string;
}

/** A second factor the signing-in account has: an authenticator app's code, a passkey. */
type SecondFactorKind = 'totp' | 'passkey';

export interface SecondFactorFormProps extends FormProps<SecondFactorValues> {
  /** The account's second factors: the code field shows for `totp`, the passkey button for `passkey`. */
  kinds: readonly SecondFactorKind[];
  /** Confirms with one of the account's passkeys (the browser's prompt opens). */
  onPasskey: () => void;
  /** Back to the email and password. */
  onCancel: () => void;
}

/**
 * The second step of a sign-in with two-factor on: the authenticator app's code or a recovery
 * code, or one of the account's passkeys.
 */
export function SecondFactorForm({ kinds, onPasskey, onCancel, ...props }: SecondFactorFormProps) {
  const { t } = useTranslation();
  const form = useForm<SecondFactorValues>({ code: '' }, props);
  const withCode = kinds.includes('totp');
  const passkey = kinds.includes('passkey') && (
    <Button type="button" variant="outline" disabled={props.busy} onClick={onPasskey}>
      {t('security.second_factor.use_passkey')}
    </Button>
  );
  const back = (
    <Button type="button" variant="ghost" onClick={onCancel}>
      {t('security.second_factor.back')}
    </Button>
  );
  if (!withCode) {
    // A passkey alone: the form's one button opens the browser's prompt.
    return (
      <FormFrame
        title={t('security.second_factor.title')}
        intro={t('security.second_factor.passkey_intro')}
        formError={props.formError}
        busy={props.busy}
        waiting={props.waiting}
        submitLabel={t('security.second_factor.use_passkey')}
        onSubmit={(event) => {
          event.preventDefault();
          if (!props.busy) onPasskey();
        }}
        footer={back}
      >
        {null}
      </FormFrame>
    );
  }
  return (
    <FormFrame
      title={t('security.second_factor.title')}
      intro={t('security.second_factor.intro')}
      {...form.frame}
      submitLabel={t('security.second_factor.submit')}
      footer={
        <>
          {passkey}
          {back}
        </>
      }
    >
      <TextField label={t('security.second_factor.code')} autoComplete="one-time-code" required {...form.field('code')} />
    </FormFrame>
  );
}
