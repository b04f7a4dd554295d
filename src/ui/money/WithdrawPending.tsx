import { useTranslation } from 'react-i18next';
import { Button } from '../primitives/Button';
import { Actions, AmountList, Lead, OutcomeNotice, Section, SectionTitle, StatusBadge, WaitingLine } from './parts';
import { STATUS_MEANING } from '../status-meaning';
import type { WithdrawalView } from './types';

export interface WithdrawPendingProps {
  withdrawal: WithdrawalView;
  /** Offered while the withdrawal is pending. */
  onCancel: () => void;
  /** Start another withdrawal. */
  onAgain: () => void;
}

/** An outcome notice in its status's meaning; a notice shows nothing-happened (neutral) as information. */
function outcomeTone(status: 'completed' | 'rejected' | 'cancelled') {
  const meaning = STATUS_MEANING.payment[status];
  return meaning === 'neutral' ? 'info' : meaning;
}

/** A confirmed withdrawal: held and waiting for the provider (with a cancel), or its outcome. */
export function WithdrawPending({ withdrawal, onCancel, onAgain }: WithdrawPendingProps) {
  const { t } = useTranslation();
  const { status } = withdrawal;
  return (
    <Section aria-labelledby="withdraw-pending-title">
      <SectionTitle id="withdraw-pending-title">
        {t('money.withdraw.pending.title', { id: withdrawal.id })} <StatusBadge status={status} />
      </SectionTitle>
      <Lead>{t('money.withdraw.pending.lead', { system: withdrawal.ps_name, destination: withdrawal.destination })}</Lead>
      <AmountList
        emphasisLast
        rows={[
          { label: t('money.withdraw.amount'), amount: withdrawal.amount },
          { label: t('money.withdraw.fee'), amount: withdrawal.fee },
          { label: t('money.withdraw.receive'), amount: withdrawal.receive },
        ]}
      />
      {status === 'pending' ? (
        <WaitingLine text={t('money.withdraw.pending.waiting')} />
      ) : (
        <OutcomeNotice tone={outcomeTone(status)} title={t(`money.withdraw.outcome.${status}`)} />
      )}
      <Actions>
        {status === 'pending' && (
          <Button variant="outline" onClick={onCancel}>
            {t('money.withdraw.cancel.open')}
          </Button>
        )}
        <Button variant={status === 'pending' ? 'ghost' : 'primary'} onClick={onAgain}>
          {t('money.withdraw.again')}
        </Button>
      </Actions>
    </Section>
  );
}
