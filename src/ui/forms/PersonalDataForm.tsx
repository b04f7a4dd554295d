import { useTranslation } from 'react-i18next';
import { SelectField, TextField, type SelectOption } from '../primitives/Field';
import { Button } from '../primitives/Button';
import { styled } from '../stitches.config';
import { FormFrame, useForm } from './form-kit';
import type { FormProps } from './form-kit';

export interface PersonalDataValues extends Record<string, string | boolean> {
  first_name: string;
  last_name: string;
  phone: string;
  country: string;
  /** YYYY-MM-DD or empty. */
  birth_date: string;
  /** An IANA time zone name, or empty for the device's own. */
  time_zone: string;
}

export interface PersonalDataFormProps extends FormProps<PersonalDataValues> {
  email: string;
  accountId: string;
  emailConfirmed: boolean;
  /** The time zones to choose from, the device's own (value '') first. */
  timeZoneOptions: readonly SelectOption[];
  /** Sends the confirmation email again; shown while the email is unconfirmed. */
  onResendConfirmation: () => void;
  resendBusy?: boolean;
  resendSent?: boolean;
}

const Identity = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: '$2 $4',
  margin: '0 0 $5',
  fontSize: '$sm',
  '& dt': { color: '$textMuted' },
  '& dd': { margin: 0, overflowWrap: 'anywhere' },
});
const Unconfirmed = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$2', marginBottom: '$5' });
const Note = styled('p', { color: '$warningText', fontSize: '$sm' });
const Sent = styled('p', { color: '$successText', fontSize: '$sm' });
const Pair = styled('div', { display: 'grid', gap: '$4', '@wide': { gridTemplateColumns: '1fr 1fr' } });

/** The trader's personal data; cleared fields are sent as empty strings (stored as null). */
export function PersonalDataForm({
  email,
  accountId,
  emailConfirmed,
  timeZoneOptions,
  onResendConfirmation,
  resendBusy,
  resendSent,
  ...props
}: PersonalDataFormProps) {
  const { t } = useTranslation();
  const form = useForm<PersonalDataValues>({ first_name: '', last_name: '', phone: '', country: '', birth_date: '', time_zone: '' }, props);
  const text = (name: keyof PersonalDataValues & string, label: string, extra: { autoComplete: string; type?: string }) => (
    <TextField
      label={label}
      name={name}
      type={extra.type ?? 'text'}
      autoComplete={extra.autoComplete}
      value={String(form.values[name])}
      error={form.errorOf(name)}
      onChange={(value) => form.set(name, value)}
    />
  );
  return (
    <FormFrame
      wide
      title={t('shell.personal-title')}
      {...form.frame}
      successText={props.success ? t('shell.personal-success') : undefined}
      submitLabel={t('shell.save')}
    >
      <div>
        <Identity>
          <dt>{t('shell.email')}</dt>
          <dd>{email}</dd>
          <dt>{t('shell.account-id')}</dt>
          <dd>{accountId}</dd>
        </Identity>
        {!emailConfirmed && (
          <Unconfirmed>
            <Note>{t('shell.email-unconfirmed')}</Note>
            {resendSent ? (
              <Sent role="status">{t('shell.confirmation-sent')}</Sent>
            ) : (
              <Button variant="outline" size="sm" busy={resendBusy ?? false} onClick={onResendConfirmation}>
                {t('shell.resend-confirmation')}
              </Button>
            )}
          </Unconfirmed>
        )}
      </div>
      <Pair>
        {text('first_name', t('shell.first-name'), { autoComplete: 'given-name' })}
        {text('last_name', t('shell.last-name'), { autoComplete: 'family-name' })}
      </Pair>
      <Pair>
        {text('phone', t('shell.phone'), { autoComplete: 'tel', type: 'tel' })}
        {text('country', t('shell.country'), { autoComplete: 'country' })}
      </Pair>
      {text('birth_date', t('shell.birth-date'), { autoComplete: 'bday', type: 'date' })}
      <SelectField
        label={t('auth.profile.time_zone')}
        name="time_zone"
        hint={t('auth.profile.time_zone_hint')}
        value={form.values.time_zone}
        options={timeZoneOptions}
        error={form.errorOf('time_zone')}
        onChange={(value) => form.set('time_zone', value)}
      />
    </FormFrame>
  );
}
