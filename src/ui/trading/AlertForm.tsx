import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlertDirectionView, AlertRepeatView, AlertRequest } from './order-types';
import { SelectField, TextField } from '../primitives/Field';
import { usePriceLevel } from './price-level';
import { editing, FormGrid, FormSubmit, readNumber, type FormProblem } from './OrderForm';

export interface AlertFormProps {
  pairId: string;
  symbol: string;
  /** The price now (the level follows it until the trader types one), or null before the first tick. */
  price: number | null;
  submitting?: boolean;
  problem?: FormProblem | null;
  /** The trader changed a field (the refusal shown was about what they had typed). */
  onEdit?: () => void;
  onSubmit: (request: AlertRequest) => void;
}

/** A price alert on the shown pair: above or below a level, once or at every crossing. */
export function AlertForm({
  pairId,
  symbol,
  price,
  submitting = false,
  problem = null,
  onEdit,
  onSubmit,
}: AlertFormProps) {
  const { t } = useTranslation();
  const [direction, setDirection] = useState<AlertDirectionView>('above');
  const [level, setLevel] = usePriceLevel(price);
  const [repeat, setRepeat] = useState<AlertRepeatView>('once');
  const edit = editing(onEdit);
  const fields = problem?.fields ?? {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ pair_id: pairId, direction, level: readNumber(level), repeat });
  };
  return (
    <FormGrid onSubmit={submit} aria-label={t('trading.alerts.title')} noValidate>
      <SelectField
        label={t('trading.alerts.direction')}
        value={direction}
        onChange={edit((value: string) => setDirection(value as AlertDirectionView))}
        options={[
          { value: 'above', label: t('trading.alerts.above') },
          { value: 'below', label: t('trading.alerts.below') },
        ]}
      />
      <TextField
        label={`${t('trading.alerts.level')}, ${symbol}`}
        inputMode="decimal"
        value={level}
        onChange={edit(setLevel)}
        error={fields.level}
      />
      <SelectField
        className="wide"
        label={t('trading.alerts.repeat')}
        value={repeat}
        onChange={edit((value: string) => setRepeat(value as AlertRepeatView))}
        options={[
          { value: 'once', label: t('trading.alerts.once') },
          { value: 'every', label: t('trading.alerts.every') },
        ]}
      />
      <FormSubmit
        problem={problem}
        submitting={submitting}
        label={submitting ? t('trading.alerts.submitting') : t('trading.alerts.submit')}
      />
    </FormGrid>
  );
}
