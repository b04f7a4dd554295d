import { useTranslation } from 'react-i18next';
import { styled } from '../stitches.config';
import { VisuallyHidden } from '../primitives/VisuallyHidden';
import { formatAxisTime } from '../../shared/format';
import { chartNumbers } from './engine/chart-numbers';
import type { CursorReading, VisibleSummary } from './chart-engine';

const HiddenTable = styled('table', {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
});

export interface ChartReadoutProps {
  summaryId: string;
  summary: VisibleSummary | null;
  reading: CursorReading | null;
  digits: number;
}

/**
 * The chart in words, for screen readers: the visible range's change, high and low (the chart's
 * description points at it), a table of the visible prices, and a polite live region that reads
 * the bar under the keyboard crosshair. None of it shows on screen.
 */
export function ChartReadout({ summaryId, summary, reading, digits }: ChartReadoutProps) {
  const { t, i18n } = useTranslation();
  // Written as the chart writes them: the reader's language, times in the trader's time zone.
  const { price, change: signedChange, percent } = chartNumbers(digits, i18n.language);
  const time = (at: number) => formatAxisTime(new Date(at), i18n.language, 'seconds');
  const change = summary ? summary.last.c - summary.first.o : 0;
  return (
    <>
      <VisuallyHidden id={summaryId}>
        {summary
          ? t('trading.chart.summary', {
              from: time(summary.first.t),
              to: time(summary.last.t),
              change: signedChange(change),
              percent: percent((change / summary.first.o) * 100),
              high: price(summary.high),
              low: price(summary.low),
            })
          : ''}
      </VisuallyHidden>
      {summary && (
        <HiddenTable>
          <caption>{t('trading.chart.table.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('trading.chart.table.time')}</th>
              <th scope="col">{t('trading.chart.table.open')}</th>
              <th scope="col">{t('trading.chart.table.high')}</th>
              <th scope="col">{t('trading.chart.table.low')}</th>
              <th scope="col">{t('trading.chart.table.close')}</th>
            </tr>
          </thead>
          <tbody>
            {summary.rows.map((row) => (
              <tr key={row.t}>
                <th scope="row">{time(row.t)}</th>
                <td>{price(row.o)}</td>
                <td>{price(row.h)}</td>
                <td>{price(row.l)}</td>
                <td>{price(row.c)}</td>
              </tr>
            ))}
          </tbody>
        </HiddenTable>
      )}
      {/* Mounted from the start and only its text changes: screen readers announce changes reliably. */}
      <VisuallyHidden role="status" data-testid="chart-reading">
        {reading
          ? t(reading.candles ? 'trading.chart.reading.candle' : 'trading.chart.reading.tick', {
              time: time(reading.t),
              o: price(reading.o),
              h: price(reading.h),
              l: price(reading.l),
              c: price(reading.c),
              v: price(reading.v),
            })
          : ''}
      </VisuallyHidden>
    </>
  );
}
