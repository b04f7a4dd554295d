import { styled } from '../stitches.config';
import { Spinner } from '../primitives/Spinner';
import { Button } from '../primitives/Button';
import type { ChartStatus, PriceChartLabels } from './PriceChart';

const Overlay = styled('div', {
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$3',
  color: '$textMuted',
  textAlign: 'center',
  padding: '$4',
  backgroundColor: 'rgba(19, 28, 49, 0.72)',
});

const OfflineBanner = styled('div', {
  position: 'absolute',
  top: '$2',
  left: '$2',
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  padding: '$1 $3',
  borderRadius: '$pill',
  backgroundColor: '$warningSoft',
  color: '$warningText',
  fontSize: '$sm',
});

export interface ChartStatusOverlayProps {
  status: ChartStatus;
  offline: boolean;
  labels: PriceChartLabels;
  onRetry?: () => void;
}

/** What covers the chart while it has nothing to draw (loading, empty, failed), and the banner while live prices are not arriving. */
export function ChartStatusOverlay({ status, offline, labels, onRetry }: ChartStatusOverlayProps) {
  return (
    <>
      {status === 'loading' && (
        <Overlay>
          <Spinner size="lg" label={labels.loading} />
        </Overlay>
      )}
      {status === 'empty' && (
        <Overlay>
          <p>{labels.empty}</p>
        </Overlay>
      )}
      {status === 'error' && (
        <Overlay role="alert">
          <p>{labels.error}</p>
          {onRetry && (
            <Button variant="outline" size="sm" onClick={onRetry}>
              {labels.retry}
            </Button>
          )}
        </Overlay>
      )}
      {offline && status !== 'error' && (
        <OfflineBanner role="status">
          <Spinner size="sm" />
          {labels.offline}
        </OfflineBanner>
      )}
    </>
  );
}
