import { useTranslation } from 'react-i18next';
import { formatPayout, formatUsd } from '../format';
import { Button } from '../primitives/Button';
import { Modal } from '../primitives/Modal';
import { styled } from '../stitches.config';
import type { Direction } from './types';

export interface BetConfirmModalProps {
  open: boolean;
  symbol: string;
  direction: Direction;
  amount: number;
  payout: number;
  /** Already translated: '30 s' or 'until 10:15'. */
  duration: string;
  winReturn: number;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}

const Summary = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: '$2 $4',
  margin: 0,
  color: '$text',
  '& dt': { color: '$textMuted' },
  '& dd': { margin: 0, fontWeight: '$bold', textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
});

/** Asks before placing: pair, direction, stake, duration, payout and what a win returns. */
export function BetConfirmModal({
  open,
  symbol,
  direction,
  amount,
  payout,
  duration,
  winReturn,
  onConfirm,
  onCancel,
  busy = false,
}: BetConfirmModalProps) {
  const { t, i18n } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('trading.confirm.title')}
      onClose={onCancel}
      actions={
        <>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {t('trading.confirm.cancel')}
          </Button>
          <Button variant={direction === 'up' ? 'success' : 'danger'} onClick={onConfirm} busy={busy}>
            {t(`trading.confirm.place.${direction}`)}
          </Button>
        </>
      }
    >
      <Summary>
        <dt>{t('trading.bet.pair')}</dt>
        <dd>{symbol}</dd>
        <dt>{t('trading.bet.direction')}</dt>
        <dd>{t(`trading.direction.${direction}`)}</dd>
        <dt>{t('trading.bet.amount')}</dt>
        <dd>{formatUsd(amount, i18n.language)}</dd>
        <dt>{t('trading.bet.duration')}</dt>
        <dd>{duration}</dd>
        <dt>{t('trading.bet.payout')}</dt>
        <dd>{t('trading.payout.profit', { percent: formatPayout(payout, i18n.language) })}</dd>
        <dt>{t('trading.confirm.return')}</dt>
        <dd>{formatUsd(winReturn, i18n.language)}</dd>
      </Summary>
    </Modal>
  );
}
