import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectBetsFailed,
  selectBetsLoading,
  selectClosedBets,
  selectOpenBets,
  selectShownResult,
  selectShownResultElsewhere,
} from '../../machines/bets/bets.selectors';
import { Button } from '../../ui/primitives/Button';
import { ErrorText } from '../../ui/primitives/Field';
import { styled } from '../../ui/stitches.config';
import { BetResultNotification } from '../../ui/trading/BetResultNotification';
import { ClosedBetsTable } from '../../ui/trading/ClosedBetsTable';
import { OpenBetsTable, type CloseEarlyHandlers } from '../../ui/trading/OpenBetsTable';
import type { BetsRef } from './use-trading';

const Stack = styled('div', { display: 'grid', gap: '$5', minWidth: 0 });
const Failure = styled('div', { display: 'flex', alignItems: 'center', gap: '$3', flexWrap: 'wrap' });

/** The open bets' early-close buttons, as events of the bets statechart. */
export const closeEarlyHandlers = (bets: BetsRef): CloseEarlyHandlers => ({
  onClose: (betId) => bets.send({ type: 'close.request', betId }),
  onConfirm: () => bets.send({ type: 'close.confirm' }),
  onCancel: () => bets.send({ type: 'close.cancel' }),
});

/** The open bets with their countdowns and live result, and the last closed bets. */
export function BetsPanel({ bets }: { bets: BetsRef }) {
  const { t } = useTranslation();
  const opened = useSelector(bets, selectOpenBets);
  const closed = useSelector(bets, selectClosedBets);
  const loading = useSelector(bets, selectBetsLoading);
  const failed = useSelector(bets, selectBetsFailed);
  if (failed) {
    return (
      <Failure role="alert">
        <ErrorText>{t('trading.bets.error')}</ErrorText>
        <Button variant="outline" size="sm" onClick={() => bets.send({ type: 'bets.retry' })}>
          {t('trading.retry')}
        </Button>
      </Failure>
    );
  }
  return (
    <Stack>
      <div data-testid="open-bets">
        <OpenBetsTable bets={opened} loading={loading} closeEarly={closeEarlyHandlers(bets)} />
      </div>
      <div data-testid="closed-bets">
        <ClosedBetsTable bets={closed} loading={loading} />
      </div>
    </Stack>
  );
}

/** The result of the latest settled bet, one at a time, with how many wait behind it. */
export function BetResult({ bets }: { bets: BetsRef }) {
  const shown = useSelector(bets, selectShownResult);
  const waiting = useSelector(bets, (s) => s.context.results.length);
  const elsewhere = useSelector(bets, selectShownResultElsewhere);
  if (!shown) return null;
  return (
    <BetResultNotification
      key={shown.id}
      bet={shown}
      otherWallet={elsewhere}
      queued={Math.max(0, waiting - 1)}
      onDismiss={() => bets.send({ type: 'result.dismiss' })}
    />
  );
}
