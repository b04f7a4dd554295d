import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../shared/duration';
import { GroupLabel, SegmentedRadio } from './Segments';

export interface PeriodSelectorProps {
  /** Seconds, from the platform config. */
  intervals: number[];
  value: number | null;
  onChange: (seconds: number) => void;
  disabled?: boolean;
}

/** How long the bet runs: one of the platform's intervals. */
export function PeriodSelector({ intervals, value, onChange, disabled = false }: PeriodSelectorProps) {
  const { t, i18n } = useTranslation();
  return (
    <div>
      <GroupLabel id="trading-period-label">{t('trading.period.label')}</GroupLabel>
      <SegmentedRadio
        labelledBy="trading-period-label"
        options={intervals.map((seconds) => ({ value: seconds, label: formatDuration(seconds, i18n.language, 'short') }))}
        value={value}
        onChange={onChange}
        disabled={disabled}
      />
    </div>
  );
}
