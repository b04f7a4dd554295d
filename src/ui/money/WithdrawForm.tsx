import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRatePercent, formatUsd } from '../format';
import { Button } from '../primitives/Button';
import { TextField } from '../primitives/Field';
import { Link } from '../primitives/Link';
import type { FieldErrors } from '../types';
import { Actions, Lead, ProblemNotice, Section, SectionTitle } from './parts';
import type { PaymentSystemView, WithdrawFieldView } from './types';

export interface WithdrawFormProps {
  system: PaymentSystemView;
  /** The system's own fields, after the amount. */
  fields: readonly WithdrawFieldView[];
  /** `amount` plus one value per field. */
  values: Readonly<Record<string, string>>;
  /** Field name (or `amount`) -> already translated message. */
  errors?: FieldErrors;
  /** What may be withdrawn now; null when unknown. */
  available?: number | null;
  /** The check call is running. */
  checking?: boolean;
  /** KYC: when the account is not verified, the form says past which total it must be, with the way there. */
  verification?: { verified: boolean; threshold: number } | null;
  onNavigate?: (href: string) => void;
  /** Already translated: why the check failed, beside the field errors. */
  problem?: string | null;
  onChange: (name: string, value: string) => void;
  onSubmit: () => void;
  onBack: () => void;
}

const AUTOCOMPLETE: Record<WithdrawFieldView['type'], string> = { card_number: 'cc-number', iban: 'off', text: 'off' };

/** The withdraw form built from the system's fields: the amount first, then where the money goes. */
export function WithdrawForm({ system, fields, values, errors = {}, available = null, checking = false, verification = null, onNavigate, problem, onChange, onSubmit, onBack }: WithdrawFormProps) {
  const { t, i18n } = useTranslation();
  const usd = (amount: number) => formatUsd(amount, i18n.language);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const limits = t('money.systems.limits', { min: usd(system.min), max: usd(system.max) });
  return (
    <Section as="form" onSubmit={submit} noValidate aria-label={t('money.withdraw.form.title')}>
      <SectionTitle>{t('money.withdraw.form.title')}</SectionTitle>
      <Lead>{t('money.withdraw.form.lead', { system: system.name, percent: formatRatePercent(system.fee_percent, i18n.language) })}</Lead>
      {verification && !verification.verified && (
        <Lead data-testid="withdraw-verification">
          {t('limits.kyc.withdraw_note', { threshold: usd(verification.threshold) })}{' '}
          <Link href="/settings/verification" onNavigate={onNavigate}>
            {t('limits.kyc.link')}
          </Link>
        </Lead>
      )}
      <TextField
        label={t('money.amount.label')}
        name="amount"
        value={values.amount ?? ''}
        onChange={(value) => onChange('amount', value)}
        inputMode="decimal"
        autoComplete="off"
        disabled={checking}
        error={errors.amount}
        hint={available === null ? limits : `${limits} · ${t('money.withdraw.form.available', { amount: usd(available) })}`}
      />
      {fields.map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          name={field.name}
          value={values[field.name] ?? ''}
          onChange={(value) => onChange(field.name, value)}
          inputMode={field.type === 'card_number' ? 'numeric' : 'text'}
          autoComplete={AUTOCOMPLETE[field.type]}
          spellCheck={false}
          required={field.required}
          disabled={checking}
          error={errors[field.name]}
        />
      ))}
      {problem && <ProblemNotice message={problem} />}
      <Actions>
        <Button type="submit" busy={checking}>
          {t('money.withdraw.form.submit')}
        </Button>
        <Button variant="ghost" onClick={onBack} disabled={checking}>
          {t('money.action.other_system')}
        </Button>
      </Actions>
    </Section>
  );
}
