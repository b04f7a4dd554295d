import { useTranslation } from 'react-i18next';
import type { OrderView } from './order-types';
import { Badge } from '../primitives/Badge';
import { Button } from '../primitives/Button';
import { ErrorText } from '../primitives/Field';
import { Skeleton } from '../primitives/Skeleton';
import { styled } from '../stitches.config';
import { formatUsd } from '../format';
import { formatClock, formatRate, digitsOfSymbol } from './format';

export interface OrderListProps {
  orders: readonly OrderView[];
  loading?: boolean;
  failed?: boolean;
  /** The order being cancelled. */
  cancelling?: number | null;
  onCancel: (id: number) => void;
  onRetry: () => void;
}

export const Rows = styled('ul', { display: 'grid', gap: '$2', listStyle: 'none', padding: 0, margin: 0 });
export const Row = styled('li', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  flexWrap: 'wrap',
  padding: '$2 0',
  borderBottom: '1px solid $border',
  fontSize: '$sm',
  '& > .what': { flex: '1 1 12rem', minWidth: 0 },
});
const Muted = styled('p', { fontSize: '$sm', color: '$textMuted' });

const TONE = { pending: 'primary', triggered: 'success', refused: 'danger', expired: 'neutral', cancelled: 'neutral', missed: 'warning' } as const;

/** What a list shows instead of its rows: it did not load (with a retry), it is loading, or it is empty. */
export function ListStatus({ failed, loading, failedText, emptyText, onRetry }: { failed: boolean; loading: boolean; failedText: string; emptyText: string; onRetry: () => void }) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <div role="alert">
        <ErrorText>{failedText}</ErrorText>
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t('trading.orders.retry')}
        </Button>
      </div>
    );
  }
  if (loading) return <Skeleton height="4rem" shape="box" />;
  return <Muted>{emptyText}</Muted>;
}

/** The pending orders (each cancellable) and the last closed ones with what became of them. */
export function OrderList({ orders, loading = false, failed = false, cancelling = null, onCancel, onRetry }: OrderListProps) {
  const { t, i18n } = useTranslation();
  if (failed || loading || orders.length === 0) {
    return <ListStatus failed={failed} loading={loading} failedText={t('trading.orders.load_failed')} emptyText={t('trading.orders.empty')} onRetry={onRetry} />;
  }
  const summary = (order: OrderView) => {
    const direction = t(`trading.order.direction.${order.direction}`);
    return order.kind === 'price'
      ? t('trading.orders.when_price', { direction, symbol: order.symbol, level: formatRate(order.level, digitsOfSymbol(order.symbol), i18n.language) })
      : t('trading.orders.when_time', { direction, symbol: order.symbol, time: formatClock(order.at!, i18n.language) });
  };
  return (
    <Rows aria-label={t('trading.orders.title')}>
      {orders.map((order) => (
        <Row key={order.id}>
          <span className="what">
            {summary(order)} · {formatUsd(order.amount, i18n.language)}
            {order.reason && <ErrorText as="span"> · {order.reason}</ErrorText>}
          </span>
          <Badge tone={TONE[order.status]}>{t(`trading.orders.status.${order.status}`)}</Badge>
          {order.status === 'pending' && (
            <Button
              variant="ghost"
              size="sm"
              disabled={cancelling !== null}
              aria-busy={cancelling === order.id || undefined}
              aria-label={t('trading.orders.cancel_label', { summary: summary(order) })}
              onClick={() => onCancel(order.id)}
            >
              {t('trading.orders.cancel')}
            </Button>
          )}
        </Row>
      ))}
    </Rows>
  );
}
