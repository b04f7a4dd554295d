import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import type { BetHistoryPayload, BetHistoryQuery } from '../../api/contract/bets';
import type { PairListPayload } from '../../api/contract/market';
import { PageTitle } from '../../ui/Layout';
import { ErrorText } from '../../ui/primitives/Field';
import { styled } from '../../ui/stitches.config';
import { BetHistory } from '../../ui/trading/BetHistory';
import { useApi, useRegisteredActor, useWallets } from '../app-services';
import { translateMessage } from '../money/translate-message';
import { betHistoryMachine } from './bet-history.machine';

const Page = styled('div', { display: 'grid', gap: '$4', minWidth: 0 });

/** /history/bets: every bet of the trader, filtered by wallet, pair, status and dates, page by page. */
export function BetHistoryRoute() {
  const api = useApi();
  const { t } = useTranslation();
  const machine = useMemo(
    () =>
      betHistoryMachine.provide({
        actors: {
          loadHistory: fromPromise<BetHistoryPayload, BetHistoryQuery>(({ input, signal }) =>
            api.bets.history(input, { signal }),
          ),
          loadPairs: fromPromise<PairListPayload>(({ signal }) => api.market.pairs({ signal })),
        },
      }),
    [api],
  );
  const { current } = useWallets();
  const actor = useRegisteredActor('betHistory', machine, { input: { walletType: current } });
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const failed = snapshot.hasTag('error');
  return (
    <Page>
      <PageTitle>{t('trading.history.title')}</PageTitle>
      {context.invalid && <ErrorText role="alert">{translateMessage(t)(context.invalid)}</ErrorText>}
      <BetHistory
        filters={context.draft}
        onFiltersChange={(filters) => actor.send({ type: 'filters.change', filters })}
        onApply={() => actor.send({ type: 'filters.apply' })}
        onReset={() => actor.send({ type: 'filters.reset' })}
        pairs={context.pairs}
        items={context.history?.items ?? []}
        page={context.page}
        perPage={context.perPage}
        total={context.history?.total ?? 0}
        totals={context.history?.totals ?? null}
        byWallet={context.applied.wallet_type === '' ? (context.history?.by_wallet ?? null) : null}
        onPage={(page) => actor.send({ type: 'page.change', page })}
        loading={snapshot.hasTag('busy')}
        error={failed ? context.problem?.message || t('trading.history.error') : null}
        onRetry={() => actor.send({ type: 'retry' })}
      />
    </Page>
  );
}
