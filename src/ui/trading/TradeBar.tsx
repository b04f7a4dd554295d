import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, ClockIcon, CloseIcon } from '../icons';
import { Badge } from '../primitives/Badge';
import { IconButton } from '../primitives/IconButton';
import { Skeleton } from '../primitives/Skeleton';
import { styled, TRADE_BAR_HEIGHT } from '../stitches.config';

const UP_DOWN_HEIGHT = '3.875rem';

const Bar = styled('section', {
  position: 'fixed',
  insetInlineStart: 0,
  insetInlineEnd: 0,
  bottom: 0,
  zIndex: '$tradeBar',
  height: TRADE_BAR_HEIGHT,
  display: 'grid',
  gridTemplateRows: 'auto auto minmax(0, 1fr)',
  gap: '$2',
  padding: '$2 $3',
  backgroundColor: '$surface',
  borderTop: '1px solid $border',
  boxShadow: '0 -8px 24px rgba(0, 0, 0, 0.35)',
  '@wide': { px: '$4' },
  // Up and Down keep a thumb's height but give the chart the rest; at least the height of their
  // two lines of payout, so the block shown before them has their size.
  '& [data-up-down] button': { minHeight: UP_DOWN_HEIGHT, py: '$1' },
});
const Controls = styled('div', {
  display: 'flex',
  alignItems: 'stretch',
  gap: '$2',
  minWidth: 0,
  '& > :first-child': { flex: 1, minWidth: 0 },
});
// On the narrowest phones the open bets' button goes under a status line with its Dismiss, so the
// line keeps room for the way forward (demo, deposit) instead of cutting its buttons off.
const Footer = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$2', minWidth: 0 });
const Status = styled('div', {
  flex: '1 1 8rem',
  minWidth: 0,
  fontSize: '$xs',
  lineHeight: 1.3,
  overflow: 'hidden',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  // The way forward from "insufficient funds" stays one row inside the bar's fixed height: its
  // buttons shrink and wrap their words rather than stack under each other below the screen.
  '& [role="group"]': { flexWrap: 'nowrap' },
  '& [role="group"] > button': { flex: '0 1 auto', minWidth: 0, px: '$2', fontSize: '$xs', lineHeight: 1.15 },
});
// On a phone the open bets' button is its clock and count, so that the status line keeps the
// width for its words and buttons; the words stay its accessible name.
const OpenBetsLabel = styled('span', {
  '@phone': { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0, 0, 0, 0)', whiteSpace: 'nowrap' },
});
const OpenBetsIcon = styled(ClockIcon, { display: 'none', '@phone': { display: 'block' } });
const BarButton = styled('button', {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$1',
  flexShrink: 0,
  minHeight: '$controlSm',
  px: '$2',
  border: '1px solid $borderStrong',
  borderRadius: '$md',
  backgroundColor: '$surfaceRaised',
  color: '$text',
  fontSize: '$sm',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  '&:hover:not(:disabled)': { backgroundColor: '$surfaceHover' },
  '&:focus-visible': { outline: 'none', boxShadow: '$focus' },
  '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
  '& svg': { width: '1rem', height: '1rem' },
});

export interface TradeBarProps {
  /** The stake control (a compact AmountInput). */
  amount: ReactNode;
  /** How long the bet runs, in words ('30 s', 'until 10:15'); empty when nothing is chosen. */
  duration: string;
  /** Up and Down with the payout; null while there is nothing to bet on yet (a block of their size). */
  actions: ReactNode | null;
  /** What became of the last tap or the last bet, or the stake's error; the line keeps its height while empty. */
  status?: ReactNode;
  /** The status line's id, so that the stake input can point to it. */
  statusId?: string;
  /** With it a close button beside the status line clears a refusal shown there. */
  onStatusDismiss?: (() => void) | undefined;
  openCount: number;
  onTimeOpen: () => void;
  onOpenBets: () => void;
  disabled?: boolean;
}

/**
 * The trade bar docked at the bottom of the one-column trading room: the stake, the bet's time
 * (a button that opens the time sheet), Up and Down with the payout, one status line of fixed
 * height, and the open bets' count (a button that opens their sheet). Its height is fixed
 * (TRADE_BAR_HEIGHT), so the chart above is sized against it and nothing in it ever moves.
 */
export function TradeBar({
  amount,
  duration,
  actions,
  status,
  statusId,
  onStatusDismiss,
  openCount,
  onTimeOpen,
  onOpenBets,
  disabled = false,
}: TradeBarProps) {
  const { t } = useTranslation();
  return (
    <Bar aria-label={t('trading.bar.label')} data-trade-bar="">
      <Controls>
        {amount}
        <BarButton
          type="button"
          aria-haspopup="dialog"
          aria-label={duration ? t('trading.bar.time', { duration }) : t('trading.bar.time.choose')}
          disabled={disabled}
          onClick={onTimeOpen}
          data-testid="trade-bar-time"
          css={{ minHeight: '$control', minWidth: '5.5rem' }}
        >
          <span>{duration || t('trading.bar.time.choose')}</span>
          <ChevronDownIcon />
        </BarButton>
      </Controls>
      <div data-up-down="">{actions ?? <Skeleton height={UP_DOWN_HEIGHT} shape="box" />}</div>
      <Footer>
        <Status id={statusId} role="status" data-testid="trade-bar-status">
          {status}
        </Status>
        {onStatusDismiss && (
          <IconButton size="sm" label={t('trading.result.dismiss')} onClick={onStatusDismiss}>
            <CloseIcon />
          </IconButton>
        )}
        <BarButton type="button" aria-haspopup="dialog" onClick={onOpenBets} data-testid="open-bets-button" title={t('trading.bar.open')}>
          <OpenBetsIcon aria-hidden="true" />
          <OpenBetsLabel>{t('trading.bar.open')}</OpenBetsLabel> <Badge tone={openCount > 0 ? 'secondary' : 'neutral'}>{openCount}</Badge>
        </BarButton>
      </Footer>
    </Bar>
  );
}
