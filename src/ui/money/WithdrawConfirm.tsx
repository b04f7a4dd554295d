import { useTranslation } from 'react-i18next';
import { Button } from '../primitives/Button';
import { TextField } from '../primitives/Field';
import { Actions, AmountList, Lead, ProblemNotice, Section, SectionTitle } from './parts';
import type { WithdrawQuoteView } from './types';

export interface WithdrawConfirmProps {
  systemName: string;
  quote: WithdrawQuoteView;
  /** The confirm call is running. */
  busy?: boolean;
  /** Already translated: why the confirmation was refused. */
  problem?: string | null;
  /**
   * The fresh second factor the server asked for (two-factor sign-in is on): the field's value,
   * its translated error, and its change handler; absent while not asked.
   */
  secondFactor?: { value: string; error?: string | undefined; onChange: (value: string) => void } | undefined;
  onConfirm: () => void;
  /** Back to the form, with its values. */
  onBack: () => void;
}

/** What leaves the wallet, the fee and what arrives, before the amount is held. */
export function WithdrawConfirm({ systemName, quote, busy = false, problem, secondFactor, onConfirm, onBack }: WithdrawConfirmProps) {
  const { t } = useTranslation();
  return (
    <Section aria-labelledby="withdraw-confirm-title">
      <SectionTitle id="withdraw-confirm-title">{t('money.withdraw.confirm.title')}</SectionTitle>
      <Lead>{t('money.withdraw.confirm.lead', { system: systemName })}</Lead>
      <AmountList
        emphasisLast
        rows={[
          { label: t('money.withdraw.amount'), amount: quote.amount },
          { label: t('money.withdraw.fee'), amount: quote.fee },
          { label: t('money.withdraw.receive'), amount: quote.receive },
        ]}
      />
      {secondFactor && (
        <TextField
          label={t('security.second_factor.code')}
          hint={t('security.second_factor.intro')}
          autoComplete="one-time-code"
          value={secondFactor.value}
          error={secondFactor.error}
          onChange={secondFactor.onChange}
        />
      )}
      {problem && <ProblemNotice message={problem} />}
      <Actions>
        <Button onClick={onConfirm} busy={busy}>
          {t('money.withdraw.confirm.submit')}
        </Button>
        <Button variant="ghost" onClick={onBack} disabled={busy}>
          {t('money.action.edit')}
        </Button>
      </Actions>
    </Section>
  );
}
