import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../ui/hooks';
import { Button } from '../../ui/primitives/Button';
import { Card } from '../../ui/primitives/Card';
import { ErrorText } from '../../ui/primitives/Field';
import { Skeleton } from '../../ui/primitives/Skeleton';
import { COMPACT_QUERY, styled } from '../../ui/stitches.config';
import { translateMessage } from '../money/translate-message';
import { DockedSlip } from './docked-slip';
import { SlipAmount, SlipConfirm, SlipFundsActions, SlipUpDown, StatusText, TimeChoice } from './slip-controls';
import { placedText, useSlipState } from './slip-state';
import type { PlaceBet, SlipState } from './slip-state';
import type { BetSlipRef, BetsRef, MarketRef } from './use-trading';

const Slip = styled(Card, { display: 'grid', gap: '$4', '@phone': { padding: '$4' } });
const Title = styled('h2', { fontSize: '$lg', fontWeight: '$bold' });
const Unavailable = styled('p', { color: '$textMuted', fontSize: '$sm' });
const Notice = styled('div', {
  display: 'flex',
  // The way forward (deposit, demo) and Dismiss go under the message when the slip is narrow.
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: '$2',
  padding: '$3',
  borderRadius: '$md',
  fontSize: '$sm',
  variants: {
    tone: {
      success: { backgroundColor: '$successSoft', color: '$successText' },
      danger: { backgroundColor: '$dangerSoft', color: '$dangerText' },
    },
  },
});
/** The slip's outcome area keeps room for one notice, so a result or refusal does not push the page. */
const Outcome = styled('div', { display: 'grid', gap: '$2', minHeight: '3rem', alignContent: 'start' });

/**
 * The bet slip: the stake, how long the bet runs (a duration or an end time), up or down with the
 * payout, the optional confirmation, and what became of the last click (placed or refused). In the
 * one-column room (under 992px) it is the trade bar docked at the bottom, with the time and the
 * open bets in sheets; from 992px a card beside the chart.
 */
export function BetSlipPanel({
  market,
  betSlip,
  bets,
  place,
}: {
  market: MarketRef;
  betSlip: BetSlipRef;
  bets: BetsRef;
  place: PlaceBet;
}) {
  const compact = useMediaQuery(COMPACT_QUERY);
  const state = useSlipState(market, betSlip, bets);
  return compact ? (
    <DockedSlip state={state} betSlip={betSlip} bets={bets} place={place} />
  ) : (
    <SlipCard state={state} betSlip={betSlip} place={place} />
  );
}

function SlipCard({ state, betSlip, place }: { state: SlipState; betSlip: BetSlipRef; place: PlaceBet }) {
  const { t, i18n } = useTranslation();
  const message = translateMessage(t);
  const { slip, failure, pair, pairsFailed, shortOfMoney } = state;
  const placed = placedText(state, t, i18n.language);
  if (!pair) {
    // No pair yet: no limits, payout or return to show. Blocks of the slip's size while the pairs
    // load; when they failed, only a word here (the chart holds the error and its retry).
    return (
      <Slip as="section" aria-labelledby="trading-slip-title" aria-busy={!pairsFailed || undefined}>
        <Title id="trading-slip-title">{t('trading.slip.title')}</Title>
        {pairsFailed ? (
          <Unavailable>{t('trading.slip.unavailable')}</Unavailable>
        ) : (
          <>
            <Skeleton height="4.5rem" shape="box" />
            <Skeleton height="2.5rem" shape="box" />
            <Skeleton height="2.5rem" shape="box" />
            <Skeleton height="3.75rem" shape="box" />
          </>
        )}
      </Slip>
    );
  }
  return (
    <Slip as="section" aria-labelledby="trading-slip-title">
      <Title id="trading-slip-title">{t('trading.slip.title')}</Title>
      <SlipAmount state={state} betSlip={betSlip} />
      {shortOfMoney && !failure && <SlipFundsActions />}
      <TimeChoice state={state} betSlip={betSlip} />
      <SlipUpDown state={state} place={place} />
      <Outcome>
        {state.offline && <StatusText tone="danger">{t('trading.slip.offline')}</StatusText>}
        {state.checkingLastBet && <StatusText>{t('trading.slip.checking')}</StatusText>}
        {slip.errors.rate && <ErrorText>{message(slip.errors.rate)}</ErrorText>}
        {/* Said by the room's live region, not by a region added with its text. */}
        {placed && <Notice tone="success">{placed}</Notice>}
        {failure && (
          <Notice tone="danger" role="alert">
            <span>
              <strong>{t('trading.slip.failed')}</strong>
              {'. '}
              {failure.message || t('trading.slip.failed.network')}
            </span>
            {shortOfMoney && <SlipFundsActions />}
            <Button variant="ghost" size="sm" onClick={() => betSlip.send({ type: 'failure.dismiss' })}>
              {t('trading.result.dismiss')}
            </Button>
          </Notice>
        )}
      </Outcome>
      <SlipConfirm state={state} betSlip={betSlip} />
    </Slip>
  );
}
