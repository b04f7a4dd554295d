import { useTranslation } from 'react-i18next';
import { formatRatePercent, formatUsd } from '../format';
import { Skeleton } from '../primitives/Skeleton';
import { styled } from '../stitches.config';
import type { PaymentSystemView } from './types';

const List = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '$3',
  gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))',
});

const Choice = styled('button', {
  display: 'grid',
  gridTemplateColumns: '2.5rem 1fr',
  alignItems: 'center',
  columnGap: '$3',
  rowGap: '$1',
  width: '100%',
  padding: '$3',
  textAlign: 'start',
  backgroundColor: '$surfaceRaised',
  color: '$text',
  border: '1px solid $border',
  borderRadius: '$md',
  cursor: 'pointer',
  transition: 'border-color $fast, background-color $fast',
  '&:hover:not(:disabled)': { backgroundColor: '$surfaceHover' },
  '&:focus-visible': { outline: 'none', boxShadow: '$focus' },
  '&[aria-pressed="true"]': { borderColor: '$secondaryText', backgroundColor: '$secondarySoft' },
  '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
  '& img': { gridRow: 'span 2', width: '2.5rem', height: '2.5rem', borderRadius: '$sm', backgroundColor: '$bg' },
});

const Name = styled('span', { fontWeight: '$bold' });
const Terms = styled('span', { fontSize: '$xs', color: '$textMuted' });

export interface PaymentSystemListProps {
  systems: readonly PaymentSystemView[];
  onChoose: (id: number) => void;
  /** The chosen system, when the list stays on screen after the choice (purchase). */
  selectedId?: number | null;
  /** Withdrawals show each system's fee; deposits carry none. */
  showFee?: boolean;
  loading?: boolean;
  disabled?: boolean;
}

/** The payment systems as buttons, each with its limits (and fee for withdrawals). */
export function PaymentSystemList({ systems, onChoose, selectedId = null, showFee = false, loading = false, disabled = false }: PaymentSystemListProps) {
  const { t, i18n } = useTranslation();
  if (loading) {
    return (
      <List aria-busy="true" aria-label={t('money.systems.loading')}>
        {[1, 2, 3].map((n) => (
          <li key={n}>
            <Skeleton shape="box" height="4.5rem" />
          </li>
        ))}
      </List>
    );
  }
  if (systems.length === 0) return <Terms as="p">{t('money.systems.empty')}</Terms>;
  const usd = (amount: number) => formatUsd(amount, i18n.language);
  return (
    <List aria-label={t('money.systems.title')}>
      {systems.map((system) => (
        <li key={system.id}>
          <Choice
            type="button"
            disabled={disabled}
            aria-pressed={selectedId === null ? undefined : selectedId === system.id}
            onClick={() => onChoose(system.id)}
          >
            <img src={system.logo} alt="" width={40} height={40} />
            <Name>{system.name}</Name>
            <Terms>
              {t('money.systems.limits', { min: usd(system.min), max: usd(system.max) })}
              {showFee && ` · ${t('money.systems.fee', { percent: formatRatePercent(system.fee_percent, i18n.language) })}`}
            </Terms>
          </Choice>
        </li>
      ))}
    </List>
  );
}
