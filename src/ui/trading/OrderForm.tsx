import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../shared/duration';
import type { Direction } from './types';
import type { OrderRequest, WalletKind } from './order-types';
import { Button } from '../primitives/Button';
import { ErrorText, SelectField, TextField } from '../primitives/Field';
import { usePriceLevel } from './price-level';
import { styled } from '../stitches.config';

/** A refusal as the form shows it: the server's translated message and its field errors. */
export interface FormProblem {
  message: string;
  fields?: Record<string, string>;
}

export interface OrderFormProps {
  pairId: string;
  symbol: string;
  walletType: WalletKind;
  /** The price now (the level follows it until the trader types one), or null before the first tick. */
  price: number | null;
  /** The periods on offer, in seconds. */
  intervals: readonly number[];
  submitting?: boolean;
  problem?: FormProblem | null;
  /** The trader changed a field (the refusal shown was about what they had typed). */
  onEdit?: () => void;
  onSubmit: (request: OrderRequest) => void;
}

/** How long an order may wait, in minutes. */
const LIFETIMES = [15, 60, 240, 1440] as const;

export const FormGrid = styled('form', {
  display: 'grid',
  gap: '$2',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '& > .wide': { gridColumn: '1 / -1' },
});

/** A trading form's foot: a problem not tied to one field, then the submit button (busy while sending). */
export function FormSubmit({
  problem,
  submitting,
  label,
}: {
  problem?: FormProblem | null;
  submitting: boolean;
  label: string;
}) {
  return (
    <>
      {problem && !problem.fields && (
        <ErrorText className="wide" role="alert">
          {problem.message}
        </ErrorText>
      )}
      <Button className="wide" type="submit" disabled={submitting} aria-busy={submitting || undefined}>
        {label}
      </Button>
    </>
  );
}

/** Wraps a field's setter so that it also tells the form's owner the trader changed something. */
export const editing =
  (onEdit?: () => void) =>
  <T,>(set: (value: T) => void) =>
  (value: T) => {
    set(value);
    onEdit?.();
  };

/** Today's (local) date at the clock time `hh:mm[:ss]`, as an ISO instant, or null. */
function todayAt(clock: string, now = new Date()): string | null {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(clock);
  if (!match) return null;
  const at = new Date(now);
  at.setHours(Number(match[1]), Number(match[2]), Number(match[3] ?? 0), 0);
  return at.toISOString();
}

/** A number as typed ('1,0875' as Russian writes it); the server says what is wrong with it. */
export const readNumber = (typed: string) => Number(typed.trim().replace(/\s/g, '').replace(',', '.'));

/** The clock a minute from now, for the time field's start. */
const inAMinute = () => new Date(Date.now() + 60_000).toTimeString().slice(0, 8);

/**
 * A pending order: up or down on the shown pair when the price reaches a level, or at a clock
 * time, with its stake, period and how long the order waits. The server checks it and answers
 * the reasons; they show next to their fields.
 */
export function OrderForm({
  pairId,
  symbol,
  walletType,
  price,
  intervals,
  submitting = false,
  problem = null,
  onEdit,
  onSubmit,
}: OrderFormProps) {
  const { t, i18n } = useTranslation();
  const [kind, setKind] = useState<OrderRequest['kind']>('price');
  const [level, setLevel] = usePriceLevel(price);
  const [clock, setClock] = useState(inAMinute);
  const [direction, setDirection] = useState<Direction>('up');
  const [amount, setAmount] = useState('10');
  const [interval, setInterval] = useState(String(intervals[0] ?? 60));
  const [lifetime, setLifetime] = useState(String(LIFETIMES[1]));
  const edit = editing(onEdit);
  const fields = problem?.fields ?? {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const terms = {
      wallet_type: walletType,
      pair_id: pairId,
      direction,
      amount: readNumber(amount),
      interval: Number(interval),
      expires_at: new Date(Date.now() + Number(lifetime) * 60_000).toISOString(),
    };
    onSubmit(
      kind === 'price' ? { kind, level: readNumber(level), ...terms } : { kind, at: todayAt(clock) ?? clock, ...terms },
    );
  };

  return (
    <FormGrid onSubmit={submit} aria-label={t('trading.orders.title')} noValidate>
      <SelectField
        label={t('trading.orders.kind')}
        value={kind}
        onChange={edit((value) => setKind(value as OrderRequest['kind']))}
        options={[
          { value: 'price', label: t('trading.orders.kind_price') },
          { value: 'time', label: t('trading.orders.kind_time') },
        ]}
      />
      {kind === 'price' ? (
        <TextField
          label={`${t('trading.orders.level')}, ${symbol}`}
          inputMode="decimal"
          value={level}
          onChange={edit(setLevel)}
          error={fields.level}
        />
      ) : (
        <TextField
          label={t('trading.orders.at')}
          type="time"
          step={1}
          value={clock}
          onChange={edit(setClock)}
          error={fields.at}
        />
      )}
      <SelectField
        label={t('trading.orders.direction')}
        value={direction}
        onChange={edit((value) => setDirection(value as Direction))}
        options={[
          { value: 'up', label: t('trading.order.direction.up') },
          { value: 'down', label: t('trading.order.direction.down') },
        ]}
      />
      <TextField
        label={t('trading.orders.amount')}
        inputMode="decimal"
        value={amount}
        onChange={edit(setAmount)}
        error={fields.amount}
      />
      <SelectField
        label={t('trading.orders.interval')}
        value={interval}
        onChange={edit(setInterval)}
        error={fields.interval}
        options={intervals.map((seconds) => ({
          value: String(seconds),
          label: formatDuration(seconds, i18n.language, 'short'),
        }))}
      />
      <SelectField
        label={t('trading.orders.lifetime')}
        value={lifetime}
        onChange={edit(setLifetime)}
        error={fields.expires_at}
        options={LIFETIMES.map((minutes) => ({
          value: String(minutes),
          label: formatDuration(minutes * 60, i18n.language, 'short'),
        }))}
      />
      <FormSubmit
        problem={problem}
        submitting={submitting}
        label={submitting ? t('trading.orders.submitting') : t('trading.orders.submit')}
      />
    </FormGrid>
  );
}
