import { useTranslation } from 'react-i18next';
import type { AlertView } from './order-types';
import { Badge } from '../primitives/Badge';
import { Button } from '../primitives/Button';
import { formatRate, digitsOfSymbol } from './format';
import { ListStatus, Row, Rows } from './OrderList';

export interface AlertListProps {
  alerts: readonly AlertView[];
  loading?: boolean;
  failed?: boolean;
  /** The alert being deleted. */
  deleting?: number | null;
  onDelete: (id: number) => void;
  onRetry: () => void;
}

/** The trader's price alerts: watching or fired, how often, each deletable. */
export function AlertList({ alerts, loading = false, failed = false, deleting = null, onDelete, onRetry }: AlertListProps) {
  const { t, i18n } = useTranslation();
  if (failed || loading || alerts.length === 0) {
    return <ListStatus failed={failed} loading={loading} failedText={t('trading.alerts.load_failed')} emptyText={t('trading.alerts.empty')} onRetry={onRetry} />;
  }
  return (
    <Rows aria-label={t('trading.alerts.title')}>
      {alerts.map((alert) => {
        const summary = t('trading.alerts.summary', {
          symbol: alert.symbol,
          direction: t(`trading.alerts.${alert.direction}`).toLowerCase(),
          level: formatRate(alert.level, digitsOfSymbol(alert.symbol), i18n.language),
        });
        return (
          <Row key={alert.id}>
            <span className="what">
              {summary} · {t(`trading.alerts.${alert.repeat}`)}
              {alert.fired_count > 0 && ` · ${t('trading.alerts.fired_count', { count: alert.fired_count })}`}
            </span>
            <Badge tone={alert.status === 'active' ? 'primary' : 'success'}>{t(`trading.alerts.status.${alert.status}`)}</Badge>
            <Button
              variant="ghost"
              size="sm"
              disabled={deleting !== null}
              aria-busy={deleting === alert.id || undefined}
              aria-label={t('trading.alerts.delete_label', { summary })}
              onClick={() => onDelete(alert.id)}
            >
              {t('trading.alerts.delete')}
            </Button>
          </Row>
        );
      })}
    </Rows>
  );
}
