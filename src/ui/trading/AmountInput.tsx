import { useTranslation } from 'react-i18next';
import { Field, Input } from '../primitives/Field';
import { formatUsd } from '../format';
import { styled } from '../stitches.config';
import { Segment, Segmented } from './Segments';

export interface AmountInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Quick amounts from the platform config; each adds to the stake. */
  incButtons: number[];
  onIncrement: (by: number) => void;
  onDecrement: (by: number) => void;
  min: number;
  max: number;
  /** Already translated. */
  error?: string | undefined;
  disabled?: boolean;
  /**
   * The docked trade bar's form: the label is read out but not drawn, no limits hint and no
   * quick amounts, and the error is shown by the host in the element `describedBy` names.
   */
  compact?: boolean;
  describedBy?: string | undefined;
}

const Row = styled('div', { display: 'flex', alignItems: 'stretch', gap: '$1' });
const Step = styled('button', {
  width: '$control',
  flexShrink: 0,
  border: '1px solid $borderStrong',
  borderRadius: '$md',
  backgroundColor: '$surfaceRaised',
  color: '$text',
  fontSize: '$lg',
  fontWeight: '$bold',
  cursor: 'pointer',
  '&:hover:not(:disabled)': { backgroundColor: '$surfaceHover' },
  '&:focus-visible': { outline: 'none', boxShadow: '$focus' },
  '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
});

/** The stake: typed, stepped with − and +, or raised with the quick amounts; limits in the hint. */
export function AmountInput({
  value,
  onChange,
  incButtons,
  onIncrement,
  onDecrement,
  min,
  max,
  error,
  disabled = false,
  compact = false,
  describedBy,
}: AmountInputProps) {
  const { t, i18n } = useTranslation();
  const step = incButtons[0] ?? 1;
  return (
    <div>
      <Field
        label={t('trading.amount.label')}
        error={compact ? undefined : error}
        hint={
          compact
            ? undefined
            : t('trading.amount.limits', { min: formatUsd(min, i18n.language), max: formatUsd(max, i18n.language) })
        }
        labelHidden={compact}
        reserveError={!compact}
      >
        {(field) => {
          const control = compact
            ? { ...field, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy }
            : field;
          return (
            <Row>
              <Step
                type="button"
                aria-label={t('trading.amount.decrease', { step })}
                disabled={disabled}
                onClick={() => onDecrement(step)}
              >
                −
              </Step>
              <Input
                {...control}
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                value={value}
                disabled={disabled}
                onChange={(event) => onChange(event.target.value)}
                css={{ textAlign: 'center', fontWeight: '$bold', fontVariantNumeric: 'tabular-nums' }}
              />
              <Step
                type="button"
                aria-label={t('trading.amount.increase', { step })}
                disabled={disabled}
                onClick={() => onIncrement(step)}
              >
                +
              </Step>
            </Row>
          );
        }}
      </Field>
      {!compact && (
        <Segmented css={{ marginTop: '$2' }} role="group" aria-label={t('trading.amount.quick')}>
          {incButtons.map((by) => (
            <Segment
              key={by}
              type="button"
              disabled={disabled}
              onClick={() => onIncrement(by)}
              aria-label={t('trading.amount.add', { amount: formatUsd(by, i18n.language) })}
            >
              +{by}
            </Segment>
          ))}
        </Segmented>
      )}
    </div>
  );
}
