import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { financesActors } from '../../machines/finances/finances.actors';
import { financesMachine } from '../../machines/finances/finances.machine';
import { useApi } from '../app-services';
import { FinanceHistory } from '../../ui/money/FinanceHistory';
import { FinancesSummary } from '../../ui/money/FinancesSummary';
import { MoneyPage } from '../../ui/money/MoneyPage';

/** /finances: the main wallet's summary and the finance history with filters and pages. */
export function FinancesRoute() {
  const api = useApi();
  const { t } = useTranslation();
  const machine = useMemo(() => financesMachine.provide({ actors: financesActors(api.withdraw, api.payments) }), [api]);
  const actor = useActorRef(machine);
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  return (
    <MoneyPage title={t('money.page.finances')}>
      <FinancesSummary finances={context.finances} />
      <FinanceHistory
        items={context.history?.items ?? []}
        filters={context.filters}
        onFiltersChange={(filters) => actor.send({ type: 'filters.change', filters })}
        page={context.page}
        perPage={context.perPage}
        total={context.history?.total ?? 0}
        onPageChange={(page) => actor.send({ type: 'page.change', page })}
        loading={snapshot.hasTag('busy')}
        problem={snapshot.hasTag('error') ? context.problem?.message || t('money.error.generic') : null}
        onRetry={() => actor.send({ type: 'retry' })}
      />
    </MoneyPage>
  );
}
