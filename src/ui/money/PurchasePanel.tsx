import { useTranslation } from 'react-i18next';
import { Button } from '../primitives/Button';
import { DepositStatus } from './DepositStatus';
import { Actions, AmountList, Lead, OutcomeNotice, ProblemNotice, Section, SectionTitle, WaitingLine } from './parts';
import { PaymentSystemList } from './PaymentSystemList';
import type { PaymentSystemView, ProductView } from './types';

type PurchaseStage =
  | 'loading'
  | 'loadFailed'
  | 'noProduct'
  | 'owned'
  | 'choosing'
  | 'paying'
  | 'waiting'
  | 'completed'
  | 'failed'
  | 'timeout';

export interface PurchasePanelProps {
  stage: PurchaseStage;
  product: ProductView | null;
  systems: readonly PaymentSystemView[];
  selectedId: number | null;
  /** Already translated: why a call failed. */
  problem?: string | null;
  onChoose: (id: number) => void;
  onPay: () => void;
  onRetry: () => void;
  onAgain: () => void;
}

/** Buying a product (a paid tournament entry) through a payment system and its checkout. */
export function PurchasePanel({ stage, product, systems, selectedId, problem, onChoose, onPay, onRetry, onAgain }: PurchasePanelProps) {
  const { t } = useTranslation();
  if (stage === 'waiting' || stage === 'completed' || stage === 'failed' || stage === 'timeout') {
    return <DepositStatus kind="purchase" status={stage} onRetry={onRetry} onAgain={onAgain} />;
  }
  return (
    <Section aria-labelledby="purchase-title">
      <SectionTitle id="purchase-title">{product?.name ?? t('money.purchase.title')}</SectionTitle>
      {stage === 'loading' && <WaitingLine text={t('money.purchase.loading')} />}
      {stage === 'loadFailed' && <ProblemNotice message={problem} onRetry={onRetry} />}
      {stage === 'noProduct' && <OutcomeNotice tone="warning" title={t('money.purchase.no_product')} />}
      {stage === 'owned' && <OutcomeNotice tone="success" title={t('money.purchase.owned')} />}
      {(stage === 'choosing' || stage === 'paying') && product && (
        <>
          <AmountList rows={[{ label: t('money.purchase.price'), amount: product.price }]} />
          <Lead>{t('money.purchase.choose')}</Lead>
          <PaymentSystemList systems={systems} selectedId={selectedId} onChoose={onChoose} disabled={stage === 'paying'} />
          {problem && <ProblemNotice message={problem} />}
          <Actions>
            <Button onClick={onPay} busy={stage === 'paying'} disabled={selectedId === null}>
              {t('money.purchase.pay')}
            </Button>
          </Actions>
        </>
      )}
    </Section>
  );
}
