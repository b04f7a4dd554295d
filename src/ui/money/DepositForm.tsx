import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../format';
import { Button } from '../primitives/Button';
import { TextField } from '../primitives/Field';
import { Actions, Lead, ProblemNotice, Section, SectionTitle } from './parts';
import type { PaymentSystemView } from './types';

export interface DepositFormProps {
  system: PaymentSystemView;
  amount: string;
  onAmountChange: (value: string) => void;
  onSubmit: () => void;
  /** Back to the list of systems. */
  onBack: () => void;
  /** The integration call is running (then the browser leaves for the checkout). */
  busy?: boolean;
  /** Already translated: what is wrong with the amount. */
  amountError?: string | null;
  /** Already translated: why the call failed. */
  problem?: string | null;
}

/** The amount of a deposit within the chosen system's limits; deposits carry no fee. */
export function DepositForm({ system, amount, onAmountChange, onSubmit, onBack, busy = false, amountError, problem }: DepositFormProps) {
  const { t, i18n } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Section as="form" onSubmit={submit} noValidate aria-label={t('money.deposit.form.title')}>
      <SectionTitle>{t('money.deposit.form.title')}</SectionTitle>
      <Lead>{t('money.deposit.form.lead', { system: system.name })}</Lead>
      <TextField
        label={t('money.amount.label')}
        value={amount}
        onChange={onAmountChange}
        inputMode="decimal"
        autoComplete="off"
        name="amount"
        disabled={busy}
        error={amountError ?? undefined}
        hint={t('money.systems.limits', { min: formatUsd(system.min, i18n.language), max: formatUsd(system.max, i18n.language) })}
      />
      {problem !== undefined && problem !== null && <ProblemNotice message={problem} />}
      <Actions>
        <Button type="submit" busy={busy}>
          {t('money.deposit.form.submit')}
        </Button>
        <Button variant="ghost" onClick={onBack} disabled={busy}>
          {t('money.action.other_system')}
        </Button>
      </Actions>
    </Section>
  );
}
