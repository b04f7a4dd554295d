import { useTranslation } from 'react-i18next';
import { Button } from '../primitives/Button';
import { Actions, AmountList, Lead, OutcomeNotice, ProblemNotice, Section, SectionTitle, StatusBadge, WaitingLine } from './parts';
import type { WithdrawalView } from './types';

type WithdrawCancelStage = 'loading' | 'loadFailed' | 'ready' | 'cancelling' | 'cancelled';

export interface WithdrawCancelProps {
  stage: WithdrawCancelStage;
  /** Null until loaded. */
  withdrawal: WithdrawalView | null;
  /** Only a pending withdrawal may be cancelled. */
  cancellable: boolean;
  /** Already translated: why loading or cancelling failed. */
  problem?: string | null;
  onConfirm: () => void;
  onRetry: () => void;
  /** Back to the pending withdrawal (offered while it is pending). */
  onBack?: () => void;
  /** To the list of systems. */
  onAgain: () => void;
}

/** Cancelling a pending withdrawal: the held amount goes back to the main wallet. */
export function WithdrawCancel({ stage, withdrawal, cancellable, problem, onConfirm, onRetry, onBack, onAgain }: WithdrawCancelProps) {
  const { t } = useTranslation();
  return (
    <Section aria-labelledby="withdraw-cancel-title">
      <SectionTitle id="withdraw-cancel-title">
        {t('money.withdraw.cancel.title')} {withdrawal && <StatusBadge status={withdrawal.status} />}
      </SectionTitle>
      {stage === 'loading' && <WaitingLine text={t('money.withdraw.cancel.loading')} />}
      {stage === 'loadFailed' && <ProblemNotice message={problem} onRetry={onRetry} />}
      {withdrawal && stage !== 'loading' && stage !== 'loadFailed' && (
        <>
          <Lead>{t('money.withdraw.pending.lead', { system: withdrawal.ps_name, destination: withdrawal.destination })}</Lead>
          <AmountList rows={[{ label: t('money.withdraw.cancel.refund'), amount: withdrawal.amount }]} />
        </>
      )}
      {stage === 'cancelled' && <OutcomeNotice tone="success" title={t('money.withdraw.cancel.done')} />}
      {stage !== 'loadFailed' && problem && <ProblemNotice message={problem} />}
      {(stage === 'ready' || stage === 'cancelling') && !cancellable && withdrawal && (
        <OutcomeNotice tone="warning" title={t('money.withdraw.cancel.not_cancellable')} />
      )}
      <Actions>
        {(stage === 'ready' || stage === 'cancelling') && cancellable && (
          <Button variant="danger" onClick={onConfirm} busy={stage === 'cancelling'}>
            {t('money.withdraw.cancel.submit')}
          </Button>
        )}
        {stage === 'ready' && cancellable && onBack && (
          <Button variant="ghost" onClick={onBack}>
            {t('money.withdraw.cancel.keep')}
          </Button>
        )}
        {stage !== 'cancelling' && stage !== 'loading' && (
          <Button variant={stage === 'cancelled' ? 'primary' : 'outline'} onClick={onAgain}>
            {t('money.withdraw.again')}
          </Button>
        )}
      </Actions>
    </Section>
  );
}
