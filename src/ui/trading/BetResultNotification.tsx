import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../format';
import { useReturnFocusOnRemoval } from '../hooks';
import { CloseIcon } from '../icons';
import { IconButton } from '../primitives/IconButton';
import { slideUp, styled, TRADE_BAR_HEIGHT } from '../stitches.config';
import { formatProfit, formatRate, digitsOfSymbol } from './format';
import type { BetView } from './types';

export interface BetResultNotificationProps {
  bet: BetView;
  onDismiss: () => void;
  /** More results waiting behind this one. */
  queued?: number;
  /** The bet's wallet when it is not the one in use: the card names it, so demo and real results are not confused. */
  otherWallet?: 'main' | 'demo' | 'tournament' | null;
}

/*
 * Where the card floats so that it covers neither the trade controls nor the chart's expiry flags
 * (drawn along the chart's top edge): from 992px in the bottom-left corner, under the chart and
 * away from the slip in the right column; with the trade bar docked, just above the bar.
 */
const Card = styled('div', {
  position: 'fixed',
  insetInlineStart: '$4',
  bottom: '$4',
  zIndex: '$toast',
  width: 'min(22rem, calc(100vw - 2rem))',
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: '$2',
  padding: '$4',
  borderRadius: '$lg',
  border: '1px solid $border',
  boxShadow: '$lg',
  animation: `${slideUp} 0.2s ease`,
  [`body:has([data-trade-bar]) &`]: { insetInlineStart: '$3', insetInlineEnd: '$3', width: 'auto', maxWidth: '30rem', bottom: `calc(${TRADE_BAR_HEIGHT} + 0.5rem)`, padding: '$3' },
  variants: {
    result: {
      won: { backgroundColor: '$successSoft', borderColor: '$successText' },
      lost: { backgroundColor: '$dangerSoft', borderColor: '$dangerText' },
      refund: { backgroundColor: '$surfaceRaised' },
      closed: { backgroundColor: '$surfaceRaised' },
      open: { backgroundColor: '$surfaceRaised' },
    },
  },
});
const Title = styled('p', { fontWeight: '$bold', fontSize: '$lg' });
const WalletLine = styled('p', { gridColumn: '1 / -1', fontSize: '$sm', fontWeight: '$medium', color: '$text' });
const Detail = styled('p', {
  fontSize: '$sm',
  color: '$text',
  gridColumn: '1 / -1',
  fontVariantNumeric: 'tabular-nums',
});
const Amount = styled('p', {
  gridColumn: '1 / -1',
  fontSize: '$2xl',
  fontWeight: '$bold',
  fontVariantNumeric: 'tabular-nums',
  variants: {
    result: { won: { color: '$successText' }, lost: { color: '$dangerText' }, refund: { color: '$text' }, closed: { color: '$text' }, open: {} },
  },
});

/**
 * The result of a settled bet: won, lost or refunded, with its profit (and its wallet when not the
 * one in use). Not a live region: the trading room's one announcer says the result with the new
 * balance. Closing by itself with focus on its button, it hands focus back.
 */
export function BetResultNotification({ bet, onDismiss, queued = 0, otherWallet = null }: BetResultNotificationProps) {
  const { t, i18n } = useTranslation();
  const digits = digitsOfSymbol(bet.symbol);
  const cardRef = useRef<HTMLDivElement>(null);
  useReturnFocusOnRemoval(cardRef);
  return (
    <Card ref={cardRef} result={bet.status} data-testid="bet-result">
      <Title>{t(`trading.outcome.${bet.status}`, { symbol: bet.symbol })}</Title>
      <IconButton label={t('trading.result.dismiss')} size="sm" onClick={onDismiss}>
        <CloseIcon />
      </IconButton>
      {otherWallet && <WalletLine>{t('trading.result.other_wallet', { wallet: t(`trading.wallet.${otherWallet}`) })}</WalletLine>}
      <Amount result={bet.status}>{formatProfit(bet.profit ?? 0, i18n.language)}</Amount>
      <Detail>
        {t('trading.result.detail', {
          direction: t(`trading.direction.${bet.direction}`),
          amount: formatUsd(bet.amount, i18n.language),
          open: formatRate(bet.open_rate, digits, i18n.language),
          close: formatRate(bet.close_rate, digits, i18n.language),
        })}
      </Detail>
      {queued > 0 && <Detail css={{ color: '$textMuted' }}>{t('trading.result.queued', { count: queued })}</Detail>}
    </Card>
  );
}
