import { useTranslation } from 'react-i18next';
import { SelectField } from '../primitives/Field';
import { endTimeOptions } from '../../shared/end-times';
import { formatClock } from './format';

export interface EndTimeSelectorProps {
  /** The clock, epoch ms. */
  now: number;
  /** End times fall on multiples of this many seconds. */
  step: number;
  /** An end time must be at least this many seconds away. */
  cutoff: number;
  value: string | null;
  onChange: (endTime: string) => void;
  /** How many end times to offer. */
  count?: number;
  disabled?: boolean;
  error?: string | undefined;
}

export { endTimeOptions };

/** When the bet ends: a clock time on the step grid; the purchase closes `cutoff` seconds before. */
export function EndTimeSelector({
  now,
  step,
  cutoff,
  value,
  onChange,
  count = 10,
  disabled = false,
  error,
}: EndTimeSelectorProps) {
  const { t, i18n } = useTranslation();
  const options = endTimeOptions(now, step, cutoff, count);
  const chosen = value ? Date.parse(value) : null;
  const first = options[0]!;
  const closesIn = Math.max(0, Math.floor((first - cutoff * 1000 - now) / 1000));
  const stale = chosen !== null && chosen - now < cutoff * 1000;
  return (
    <SelectField
      label={t('trading.endTime.label')}
      value={chosen !== null && !stale ? new Date(chosen).toISOString() : ''}
      options={[
        { value: '', label: t('trading.endTime.placeholder') },
        ...options.map((at) => ({ value: new Date(at).toISOString(), label: formatClock(at, i18n.language) })),
      ]}
      onChange={(next) => next && onChange(next)}
      disabled={disabled}
      error={error ?? (stale ? t('trading.slip.error.cutoff', { seconds: cutoff }) : undefined)}
      hint={t('trading.endTime.cutoff', { seconds: cutoff, time: formatClock(first, i18n.language), left: closesIn })}
    />
  );
}
