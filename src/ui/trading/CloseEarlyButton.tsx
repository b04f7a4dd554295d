import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../format';
import { Button } from '../primitives/Button';
import { styled } from '../stitches.config';
import type { CloseEarlyView } from './types';

export interface CloseEarlyButtonProps extends CloseEarlyView {
  /** What the bet is, for the buttons' names ("EUR/USD, up, $10.00"). */
  betLabel: string;
  onClose: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}

const Box = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: '$2', minWidth: 0 });
const Note = styled('span', {
  fontSize: '$sm',
  fontVariantNumeric: 'tabular-nums',
  variants: { tone: { plain: { color: '$text' }, danger: { color: '$dangerText' } } },
  defaultVariants: { tone: 'plain' },
});

/**
 * Selling an open bet back at the live offer: the button names the offer, a confirmation asks
 * once more (with the offer as it moves), then the sale is under way, done, or refused with the
 * server's reason (and can be asked again at the new offer). In one-click mode the button says it
 * sells now and nothing asks. Without an offer (none yet, the link lost, the last seconds of the
 * bet) the button is disabled. The outcome is said by the room's live region, not here, so it is
 * heard once.
 */
export function CloseEarlyButton({ phase, amount, error, oneClick = false, betLabel, onClose, onConfirm, onCancel }: CloseEarlyButtonProps) {
  const { t, i18n } = useTranslation();
  const price = amount === null ? '—' : formatUsd(amount, i18n.language);
  const sellRef = useRef<HTMLButtonElement>(null);
  // The question takes the close button's place, asked by a click or by the room's C key: focus
  // goes to Sell (Enter sells, Tab reaches Keep), never to the page.
  useEffect(() => {
    if (phase === 'confirming') sellRef.current?.focus();
  }, [phase]);
  const closeButton = (
    <Button
      size="sm"
      variant="outline"
      disabled={amount === null}
      onClick={onClose}
      aria-label={
        amount === null
          ? t('trading.close.unavailable_for', { bet: betLabel })
          : t(oneClick ? 'trading.close.for_bet_now' : 'trading.close.for_bet', { bet: betLabel, amount: price })
      }
    >
      {amount === null ? t('trading.close.button_unavailable') : t(oneClick ? 'trading.close.button_now' : 'trading.close.button', { amount: price })}
    </Button>
  );
  if (phase === 'confirming') {
    return (
      <Box role="group" aria-label={t('trading.close.confirm_title', { bet: betLabel })} data-testid="close-early">
        <Note>{t('trading.close.confirm_question', { amount: price })}</Note>
        <Button ref={sellRef} size="sm" variant="primary" disabled={amount === null} onClick={onConfirm}>
          {t('trading.close.confirm')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('trading.close.cancel')}
        </Button>
      </Box>
    );
  }
  if (phase === 'closing') {
    return (
      <Box data-testid="close-early">
        <Button size="sm" variant="outline" busy>
          {t('trading.close.closing', { amount: price })}
        </Button>
      </Box>
    );
  }
  if (phase === 'closed') {
    return (
      <Box data-testid="close-early">
        <Note>{t('trading.close.closed', { amount: price })}</Note>
      </Box>
    );
  }
  return (
    <Box data-testid="close-early">
      {phase === 'refused' && (
        <Note tone="danger">{error || t('trading.close.failed')}</Note>
      )}
      {closeButton}
    </Box>
  );
}
