import { useTranslation } from 'react-i18next';
import { formatPayout, formatUsd } from '../format';
import { Button } from '../primitives/Button';
import { Spinner } from '../primitives/Spinner';
import { styled } from '../stitches.config';
import type { Direction } from './types';

export interface UpDownButtonsProps {
  /** Percent a winning bet earns on top of the stake. */
  payout: number;
  /** What a winning stake returns (stake plus winnings), when the stake is valid. */
  winReturn: number | null;
  onPlace: (direction: Direction) => void;
  /**
   * The bet is on its way: both buttons wait, the pressed one spins. They stay focusable
   * (aria-disabled, not disabled), so focus that returns to the pressed one from the confirmation
   * or stays on it after a key press is never dropped to the page.
   */
  placing?: Direction | null;
  disabled?: boolean;
}

const Pair = styled('div', {
  display: 'grid',
  // minmax(0, …): a long return text wraps inside its half instead of widening the pair.
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: '$2',
  '& > button': { height: 'auto', minHeight: '4rem', py: '$2', px: '$3', whiteSpace: 'normal' },
});
const Label = styled('span', {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '$1',
  lineHeight: 1.1,
});
/** Two lines kept: the return appearing or going with the stake's validity never resizes the buttons. */
const Sub = styled('span', { fontSize: '$xs', fontWeight: '$regular', textAlign: 'center', minHeight: '2.2em' });

/** Up and down: each shows the profit percent ('profit +88 %') and what a win returns ('you get $1.88'). */
export function UpDownButtons({ payout, winReturn, onPlace, placing = null, disabled = false }: UpDownButtonsProps) {
  const { t, i18n } = useTranslation();
  const percent = formatPayout(payout, i18n.language);
  const sub =
    winReturn === null
      ? t('trading.payout.profit', { percent })
      : t('trading.direction.return', { percent, amount: formatUsd(winReturn, i18n.language) });
  return (
    <Pair>
      {(['up', 'down'] as const).map((direction) => (
        <Button
          key={direction}
          variant={direction}
          size="lg"
          full
          disabled={disabled}
          aria-disabled={placing !== null || undefined}
          aria-busy={placing === direction || undefined}
          data-direction={direction}
          onClick={() => placing === null && onPlace(direction)}
        >
          {placing === direction && <Spinner size="sm" />}
          <Label>
            <span>
              {direction === 'up' ? '▲' : '▼'} {t(`trading.direction.${direction}`)}
            </span>
            <Sub>{sub}</Sub>
          </Label>
        </Button>
      ))}
    </Pair>
  );
}
