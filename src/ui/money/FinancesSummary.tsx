import { useTranslation } from 'react-i18next';
import { Skeleton } from '../primitives/Skeleton';
import { styled } from '../stitches.config';
import { Money } from './parts';
import type { FinancesView } from './types';

const Grid = styled('dl', {
  display: 'grid',
  gap: '$3',
  margin: 0,
  gridTemplateColumns: 'repeat(auto-fit, minmax(11rem, 1fr))',
  '& > div': { padding: '$4', backgroundColor: '$surface', border: '1px solid $border', borderRadius: '$lg' },
  '& dt': { fontSize: '$sm', color: '$textMuted' },
  '& dd': { margin: 0, marginTop: '$1', fontSize: '$xl', fontWeight: '$bold' },
});

export interface FinancesSummaryProps {
  /** Null while loading. */
  finances: FinancesView | null;
}

/** The main wallet as withdrawals see it: balance, held by pending withdrawals, available. */
export function FinancesSummary({ finances }: FinancesSummaryProps) {
  const { t } = useTranslation();
  const items = [
    { key: 'balance', label: t('money.finances.balance'), amount: finances?.balance },
    { key: 'pending', label: t('money.finances.pending'), amount: finances?.pending },
    { key: 'available', label: t('money.finances.available'), amount: finances?.available },
  ];
  return (
    <Grid aria-busy={finances === null || undefined} data-testid="finances-summary">
      {items.map((item) => (
        <div key={item.key} data-name={item.key}>
          <dt>{item.label}</dt>
          <dd>{item.amount === undefined ? <Skeleton width="6rem" /> : <Money amount={item.amount} />}</dd>
        </div>
      ))}
    </Grid>
  );
}
