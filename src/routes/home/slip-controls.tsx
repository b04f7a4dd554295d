import { useTranslation } from 'react-i18next';
import { ErrorText, Checkbox } from '../../ui/primitives/Field';
import { styled } from '../../ui/stitches.config';
import { AmountInput } from '../../ui/trading/AmountInput';
import { BetConfirmModal } from '../../ui/trading/BetConfirmModal';
import { EndTimeSelector } from '../../ui/trading/EndTimeSelector';
import { PeriodSelector } from '../../ui/trading/PeriodSelector';
import { GroupLabel, SegmentedRadio } from '../../ui/trading/Segments';
import { UpDownButtons } from '../../ui/trading/UpDownButtons';
import { FundsActions } from '../../ui/money/FundsActions';
import { translateMessage } from '../money/translate-message';
import { useWallets } from '../app-services';
import { useNavigate } from '../shell/use-shell';
import type { PlaceBet, SlipState } from './slip-state';
import type { BetSlipRef } from './use-trading';

/* The slip's parts both of its forms (the card and the docked bar) show, each wired to the bet slip machine. */

/** A line that keeps its height while empty: an error appearing under a control moves nothing. */
const ReservedLine = styled('div', { minHeight: '1.3125rem' });
export const StatusText = styled('span', {
  variants: { tone: { success: { color: '$successText' }, danger: { color: '$dangerText' } } },
});

/** Duration or end time, and the chosen one of each. */
export function TimeChoice({ state, betSlip }: { state: SlipState; betSlip: BetSlipRef }) {
  const { t } = useTranslation();
  const message = translateMessage(t);
  const { slip, placing, platform, now } = state;
  return (
    <>
      <div>
        <GroupLabel id="trading-slip-mode">{t('trading.slip.mode.label')}</GroupLabel>
        <SegmentedRadio
          labelledBy="trading-slip-mode"
          options={(['interval', 'endTime'] as const).map((mode) => ({
            value: mode,
            label: t(`trading.slip.mode.${mode}`),
          }))}
          value={slip.mode}
          onChange={(mode) => betSlip.send({ type: 'mode.choose', mode })}
          disabled={placing}
        />
      </div>
      {slip.mode === 'interval' ? (
        <div>
          <PeriodSelector
            intervals={platform?.intervals ?? []}
            value={slip.interval}
            onChange={(seconds) => betSlip.send({ type: 'interval.choose', seconds })}
            disabled={placing}
          />
          <ReservedLine>{slip.errors.time && <ErrorText>{message(slip.errors.time)}</ErrorText>}</ReservedLine>
        </div>
      ) : (
        <EndTimeSelector
          now={now}
          step={platform?.end_time_step ?? 60}
          cutoff={platform?.purchase_cutoff ?? 30}
          value={slip.endTime}
          onChange={(endTime) => betSlip.send({ type: 'endTime.choose', endTime })}
          disabled={placing}
          error={slip.errors.time ? message(slip.errors.time) : undefined}
        />
      )}
      {/* One-click mode: on, Up and Down place at once; off, the confirmation asks first. */}
      <Checkbox
        label={t('trading.slip.one_click')}
        checked={!slip.confirmBets}
        onChange={(on) => betSlip.send({ type: 'confirm.toggle', on: !on })}
      />
    </>
  );
}

export function SlipAmount({
  state,
  betSlip,
  compact,
  describedBy,
}: {
  state: SlipState;
  betSlip: BetSlipRef;
  compact?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const message = translateMessage(t);
  const { slip, placing, platform, pair } = state;
  return (
    <AmountInput
      value={slip.amount}
      onChange={(value) => betSlip.send({ type: 'amount.change', value })}
      incButtons={platform?.inc_button ?? []}
      onIncrement={(by) => betSlip.send({ type: 'amount.inc', by })}
      onDecrement={(by) => betSlip.send({ type: 'amount.dec', by })}
      min={pair?.min_amount ?? 0}
      max={pair?.max_amount ?? 0}
      error={slip.errors.amount ? message(slip.errors.amount) : undefined}
      disabled={placing}
      compact={compact}
      describedBy={describedBy}
    />
  );
}

export function SlipUpDown({ state, place }: { state: SlipState; place: PlaceBet }) {
  const { slip, placing, pair, pairsLoading, payout, returns } = state;
  return (
    <UpDownButtons
      payout={payout}
      winReturn={returns}
      placing={placing ? slip.direction : null}
      disabled={!pair || pairsLoading || state.offline}
      onPlace={place}
    />
  );
}

export function SlipConfirm({ state, betSlip }: { state: SlipState; betSlip: BetSlipRef }) {
  const { slip, pair, confirming, amount, payout, duration, returns, placing } = state;
  if (!pair || !slip.direction) return null;
  return (
    <BetConfirmModal
      open={confirming}
      symbol={pair.symbol}
      direction={slip.direction}
      amount={amount}
      payout={payout}
      duration={duration}
      winReturn={returns ?? 0}
      onConfirm={() => betSlip.send({ type: 'bet.confirm' })}
      onCancel={() => betSlip.send({ type: 'bet.cancel' })}
      busy={placing}
    />
  );
}

/** "Switch to demo" (unless on demo already) and "deposit", beside an insufficient-funds message. */
export function SlipFundsActions() {
  const wallets = useWallets();
  const navigate = useNavigate();
  return (
    <FundsActions
      onSwitchToDemo={wallets.current === 'demo' ? undefined : () => wallets.select('demo')}
      onDeposit={() => navigate('/deposit')}
    />
  );
}
