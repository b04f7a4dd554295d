import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { financesActors } from '../../machines/finances/finances.actors';
import { financesMachine } from '../../machines/finances/finances.machine';
import { useApi, useRegisteredActor } from '../app-services';
import { FinanceHistory } from '../../ui/money/FinanceHistory';
import { FinancesSummary } from '../../ui/money/FinancesSummary';
import { MoneyPage } from '../../ui/money/MoneyPage';
import { checkoutNavigation } from './checkout-params';

/** /finances: the main wallet's summary and the finance history with filters and pages; a pending deposit can be continued or cancelled. */
export function FinancesRoute() {
  const api = useApi();
  const { t } = useTranslation();
  const machine = useMemo(
    () =>
      financesMachine.provide({
        actors: financesActors(api.withdraw, api.payments, api.deposit),
        actions: checkoutNavigation,
      }),
    [api],
  );
  const actor = useRegisteredActor('finances', machine);
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
        onResumeDeposit={(id) => actor.send({ type: 'deposit.resume', id })}
        onCancelDeposit={(id) => actor.send({ type: 'deposit.cancel', id })}
        depositBusyId={snapshot.hasTag('depositBusy') ? context.depositId : null}
        depositProblem={context.depositProblem ? context.depositProblem.message || t('money.error.generic') : null}
        depositCancelled={context.cancelledDeposit !== null}
      />
    </MoneyPage>
  );
}
