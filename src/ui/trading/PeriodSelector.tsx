import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { GroupLabel, SegmentedRadio } from './Segments';

export interface PeriodSelectorProps {
  /** Seconds, from the platform config. */
  intervals: number[];
  value: number | null;
  onChange: (seconds: number) => void;
  disabled?: boolean;
}

/** '30 s', '1 min', '2 h' in the reader's language. */
export function durationLabel(seconds: number, t: TFunction): string {
  if (seconds % 3600 === 0) return t('trading.duration.hours', { count: seconds / 3600 });
  if (seconds % 60 === 0) return t('trading.duration.minutes', { count: seconds / 60 });
  return t('trading.duration.seconds', { count: seconds });
}

/** How long the bet runs: one of the platform's intervals. */
export function PeriodSelector({ intervals, value, onChange, disabled = false }: PeriodSelectorProps) {
  const { t } = useTranslation();
  return (
    <div>
      <GroupLabel id="trading-period-label">{t('trading.period.label')}</GroupLabel>
      <SegmentedRadio
        labelledBy="trading-period-label"
        options={intervals.map((seconds) => ({ value: seconds, label: durationLabel(seconds, t) }))}
        value={value}
        onChange={onChange}
        disabled={disabled}
      />
    </div>
  );
}
