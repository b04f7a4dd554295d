import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isMoneyLimitView as isMoney, type LimitNameView as LimitName, type LimitsFormValues, type LimitsView, type LimitView as Limit } from './types';
import { formatDuration } from '../../shared/duration';
import { formatDateTime, formatUsd } from '../../shared/format';
import { SelectField, TextField } from '../primitives/Field';
import { FormFrame } from '../forms/form-kit';
import { styled } from '../stitches.config';

export interface LimitsFormProps {
  limits: LimitsView;
  busy?: boolean;
  saved?: boolean;
  /** Field errors, translated: a limit's name, or `reality_check_minutes`. */
  errors?: Record<string, string> | undefined;
  formError?: string | undefined;
  /** The typed values; the container checks them and sends what changed. */
  onSave: (values: LimitsFormValues) => void;
}

const Group = styled('fieldset', { display: 'grid', gap: '$3', border: 0, padding: 0, margin: 0 });
const Legend = styled('legend', { fontWeight: '$bold', marginBottom: '$2' });

/** The reality check's periods offered (the server takes 10 to 120 minutes). */
const REALITY_OPTIONS = [10, 15, 20, 30, 45, 60, 90, 120];
const GROUPS: { title: string; names: LimitName[] }[] = [
  { title: 'limits.group.stake', names: ['stake'] },
  { title: 'limits.group.loss', names: ['loss_day', 'loss_week', 'loss_month'] },
  { title: 'limits.group.turnover', names: ['turnover_day', 'turnover_week', 'turnover_month'] },
  { title: 'limits.group.deposit', names: ['deposit_day', 'deposit_week', 'deposit_month'] },
  { title: 'limits.group.session', names: ['session_minutes'] },
];

const textOf = (limit: Limit) => (limit.value === null ? '' : String(limit.value));

/**
 * The trader's limits: a field per limit (empty: none), each with the change waiting for its
 * cooling-off, and the reality check's period.
 */
export function LimitsForm({ limits, busy = false, saved = false, errors = {}, formError, onSave }: LimitsFormProps) {
  const { t, i18n } = useTranslation();
  const byName = new Map(limits.limits.map((l) => [l.name, l]));
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(limits.limits.map((l) => [l.name, textOf(l)])));
  const [reality, setReality] = useState(limits.reality_check_minutes === null ? '' : String(limits.reality_check_minutes));

  const pendingText = (limit: Limit) => {
    if (!limit.pending) return undefined;
    const at = formatDateTime(limit.pending.applies_at, i18n.language);
    if (limit.pending.value === null) return t('limits.pending.removed', { at });
    const value = isMoney(limit.name) ? formatUsd(limit.pending.value, i18n.language) : formatDuration(limit.pending.value * 60, i18n.language, 'short');
    return t('limits.pending.raised', { value, at });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSave({ limits: values, reality });
  };

  return (
    <FormFrame
      wide
      title={t('limits.title')}
      intro={t('limits.intro')}
      formError={formError}
      successText={saved ? t('limits.saved') : undefined}
      busy={busy}
      submitLabel={t('limits.save')}
      onSubmit={submit}
    >
      {GROUPS.map((group) => (
        <Group key={group.title}>
          <Legend>{t(group.title)}</Legend>
          {group.names.map((name) => (
            <TextField
              key={name}
              label={t(`limits.name.${name}`)}
              inputMode={isMoney(name) ? 'decimal' : 'numeric'}
              placeholder={t('limits.none')}
              value={values[name] ?? ''}
              onChange={(value) => setValues((v) => ({ ...v, [name]: value }))}
              error={errors[name] ?? errors[`limits.${name}`]}
              hint={pendingText(byName.get(name)!) ?? t(isMoney(name) ? 'limits.hint.money' : 'limits.hint.minutes')}
            />
          ))}
        </Group>
      ))}
      <SelectField
        label={t('limits.reality.period')}
        value={reality}
        options={[{ value: '', label: t('limits.reality.off') }, ...REALITY_OPTIONS.map((m) => ({ value: String(m), label: formatDuration(m * 60, i18n.language, 'short') }))]}
        onChange={setReality}
        error={errors.reality_check_minutes}
        hint={t('limits.reality.hint')}
      />
    </FormFrame>
  );
}
