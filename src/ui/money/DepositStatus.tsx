import { useTranslation } from 'react-i18next';
import { Button } from '../primitives/Button';
import { Actions, OutcomeNotice, Section, SectionTitle, WaitingLine } from './parts';

type PaymentOutcome = 'waiting' | 'completed' | 'failed' | 'timeout';

export interface DepositStatusProps {
  status: PaymentOutcome;
  /** A deposit or a purchase paid at the checkout: only the words differ. */
  kind?: 'deposit' | 'purchase';
  /** Ask the provider again after a timeout. */
  onRetry?: () => void;
  /** Start another payment. */
  onAgain?: () => void;
}

/** The way back from the checkout: waiting for the provider, then success or failure. */
export function DepositStatus({ status, kind = 'deposit', onRetry, onAgain }: DepositStatusProps) {
  const { t } = useTranslation();
  const key = (name: string) => t(`money.${kind}.status.${name}`);
  return (
    <Section aria-live="polite">
      <SectionTitle>{key('title')}</SectionTitle>
      {status === 'waiting' && <WaitingLine text={key('waiting')} />}
      {status === 'completed' && <OutcomeNotice tone="success" title={key('completed')} />}
      {status === 'failed' && <OutcomeNotice tone="danger" title={key('failed')} />}
      {status === 'timeout' && <OutcomeNotice tone="warning" title={key('timeout')} />}
      <Actions>
        {status === 'timeout' && onRetry && <Button onClick={onRetry}>{t('money.action.check_again')}</Button>}
        {status !== 'waiting' && onAgain && (
          <Button variant={status === 'completed' ? 'outline' : 'primary'} onClick={onAgain}>
            {status === 'completed' ? key('again') : t('money.action.try_again')}
          </Button>
        )}
      </Actions>
    </Section>
  );
}
