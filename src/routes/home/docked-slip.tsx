import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectBetsLoading, selectOpenBets } from '../../machines/bets/bets.selectors';
import { Button } from '../../ui/primitives/Button';
import { Sheet } from '../../ui/primitives/Sheet';
import { styled } from '../../ui/stitches.config';
import { OpenBetsSheet } from '../../ui/trading/OpenBetsSheet';
import { TradeBar } from '../../ui/trading/TradeBar';
import { translateMessage } from '../money/translate-message';
import { closeEarlyHandlers } from './bets-panel';
import { SlipAmount, SlipConfirm, SlipFundsActions, SlipUpDown, StatusText, TimeChoice } from './slip-controls';
import { placedText } from './slip-state';
import type { PlaceBet, SlipState } from './slip-state';
import type { BetSlipRef, BetsRef } from './use-trading';

const TimeFields = styled('div', { display: 'grid', gap: '$4' });
const SheetDone = styled('div', { display: 'flex', justifyContent: 'flex-end', marginTop: '$4' });

/** The docked trade bar with its two sheets: the bet's time and the open bets. */
export function DockedSlip({
  state,
  betSlip,
  bets,
  place,
}: {
  state: SlipState;
  betSlip: BetSlipRef;
  bets: BetsRef;
  place: PlaceBet;
}) {
  const { t, i18n } = useTranslation();
  const message = translateMessage(t);
  const [sheet, setSheet] = useState<'time' | 'open' | null>(null);
  const opened = useSelector(bets, selectOpenBets);
  const loading = useSelector(bets, selectBetsLoading);
  const statusId = useId();
  const { slip, failure, pair, pairsFailed, shortOfMoney } = state;
  const placed = placedText(state, t, i18n.language);
  // One line, the most pressing first: a refusal, then what is wrong with the slip, then the last bet placed.
  const problem = slip.errors.amount ?? slip.errors.time ?? slip.errors.rate;
  // Short of money, the line offers the way forward; the stake's error says why (it points here).
  const status = state.offline ? (
    <StatusText tone="danger">{t('trading.slip.offline')}</StatusText>
  ) : state.checkingLastBet ? (
    <StatusText>{t('trading.slip.checking')}</StatusText>
  ) : shortOfMoney ? (
    <SlipFundsActions />
  ) : !pair && pairsFailed ? (
    <StatusText>{t('trading.slip.unavailable')}</StatusText>
  ) : failure ? (
    <StatusText tone="danger">
      <strong>{t('trading.slip.failed')}</strong>
      {'. '}
      {failure.message || t('trading.slip.failed.network')}
    </StatusText>
  ) : problem ? (
    <StatusText tone="danger">{message(problem)}</StatusText>
  ) : placed ? (
    <StatusText tone="success">{placed}</StatusText>
  ) : null;
  return (
    <>
      <TradeBar
        amount={<SlipAmount state={state} betSlip={betSlip} compact describedBy={statusId} />}
        duration={state.duration}
        actions={pair ? <SlipUpDown state={state} place={place} /> : null}
        status={status}
        statusId={statusId}
        onStatusDismiss={failure ? () => betSlip.send({ type: 'failure.dismiss' }) : undefined}
        openCount={opened.length}
        onTimeOpen={() => setSheet('time')}
        onOpenBets={() => setSheet('open')}
        disabled={state.placing}
      />
      <Sheet open={sheet === 'time'} title={t('trading.bar.time.title')} onClose={() => setSheet(null)}>
        <TimeFields>
          <TimeChoice state={state} betSlip={betSlip} />
        </TimeFields>
        <SheetDone>
          <Button variant="secondary" onClick={() => setSheet(null)}>
            {t('trading.bar.time.done')}
          </Button>
        </SheetDone>
      </Sheet>
      <OpenBetsSheet
        open={sheet === 'open'}
        bets={opened}
        loading={loading}
        onClose={() => setSheet(null)}
        closeEarly={closeEarlyHandlers(bets)}
      />
      <SlipConfirm state={state} betSlip={betSlip} />
    </>
  );
}
