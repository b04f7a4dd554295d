import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { styled } from '../stitches.config';

export interface PeriodSelectorProps {
  /** Seconds, from the platform config. */
  intervals: number[];
  value: number | null;
  onChange: (seconds: number) => void;
  disabled?: boolean;
}

export const Segmented = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$1' });
export const Segment = styled('button', {
  minWidth: '3.25rem',
  height: '$controlSm',
  px: '$2',
  border: '1px solid $borderStrong',
  borderRadius: '$md',
  backgroundColor: 'transparent',
  color: '$text',
  fontSize: '$sm',
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
  '&:hover:not(:disabled)': { backgroundColor: '$surfaceHover' },
  '&:focus-visible': { outline: 'none', boxShadow: '$focus' },
  '&[aria-pressed="true"]': { backgroundColor: '$secondary', borderColor: '$secondary', color: '$onSecondary' },
  '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
});
export const GroupLabel = styled('span', {
  display: 'block',
  fontSize: '$sm',
  fontWeight: '$medium',
  marginBottom: '$1',
});

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
    <div role="group" aria-labelledby="trading-period-label">
      <GroupLabel id="trading-period-label">{t('trading.period.label')}</GroupLabel>
      <Segmented>
        {intervals.map((seconds) => (
          <Segment
            key={seconds}
            type="button"
            aria-pressed={seconds === value}
            disabled={disabled}
            onClick={() => onChange(seconds)}
          >
            {durationLabel(seconds, t)}
          </Segment>
        ))}
      </Segmented>
    </div>
  );
}
