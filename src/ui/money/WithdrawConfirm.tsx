import { useTranslation } from 'react-i18next';
import { Button } from '../primitives/Button';
import { TextField } from '../primitives/Field';
import { Actions, AmountList, Lead, ProblemNotice, Section, SectionTitle, WaitingLine } from './parts';
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
  /**
   * The server asked for a passkey instead (or as well): `signing` while the browser's prompt is
   * open and its answer is sent, `onUse` opens it and confirms with its answer; absent while not asked.
   */
  passkey?: { signing: boolean; onUse: () => void } | undefined;
  onConfirm: () => void;
  /** Back to the form, with its values. */
  onBack: () => void;
}

/** What leaves the wallet, the fee and what arrives, before the amount is held. */
export function WithdrawConfirm({ systemName, quote, busy = false, problem, secondFactor, passkey, onConfirm, onBack }: WithdrawConfirmProps) {
  const { t } = useTranslation();
  // A passkey-only account confirms with its passkey: the plain button would only be refused again.
  const plainConfirm = !passkey || Boolean(secondFactor);
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
      {passkey && <Lead>{t('money.withdraw.confirm.passkey_intro')}</Lead>}
      {passkey?.signing && <WaitingLine text={t('money.withdraw.confirm.passkey_waiting')} />}
      {problem && <ProblemNotice message={problem} />}
      <Actions>
        {passkey && (
          <Button onClick={passkey.onUse} busy={passkey.signing} disabled={busy}>
            {t('money.withdraw.confirm.with_passkey')}
          </Button>
        )}
        {plainConfirm && (
          <Button onClick={onConfirm} busy={busy && !passkey?.signing} disabled={busy} variant={passkey ? 'secondary' : undefined}>
            {t('money.withdraw.confirm.submit')}
          </Button>
        )}
        <Button variant="ghost" onClick={onBack} disabled={busy}>
          {t('money.action.edit')}
        </Button>
      </Actions>
    </Section>
  );
}
