import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation, useSearch } from 'wouter';
import { purchaseActors } from '../../machines/purchase/purchase.actors';
import { purchaseMachine } from '../../machines/purchase/purchase.machine';
import { selectPurchaseStage } from '../../machines/purchase/purchase.selectors';
import { useApi, useRegisteredActor } from '../app-services';
import { MoneyPage } from '../../ui/money/MoneyPage';
import { PurchasePanel } from '../../ui/money/PurchasePanel';
import { checkoutNavigation, idParam } from './checkout-params';

/** /purchase?product_id=N (what to buy), and /purchase?purchase_id=N back from the checkout. */
export function PurchaseRoute() {
  const api = useApi();
  const { t } = useTranslation();
  const search = useSearch();
  const [, navigate] = useLocation();
  const purchaseId = idParam(search, 'purchase_id');
  const productId = idParam(search, 'product_id');
  const machine = useMemo(
    () => purchaseMachine.provide({ actors: purchaseActors(api.tournaments, api.deposit), actions: checkoutNavigation }),
    [api],
  );
  // Back from the checkout the query names the purchase only: the server says what it bought.
  const actor = useRegisteredActor('purchase', machine, { input: { productId, returningPurchaseId: purchaseId } });
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const stage = selectPurchaseStage(snapshot);
  // Nothing to buy named (an old menu link): the tournaments are on their own page.
  if (productId === null && purchaseId === null) return <Redirect to="/tournaments" replace />;
  return (
    <MoneyPage title={t('money.page.purchase')}>
      <PurchasePanel
        stage={stage}
        product={context.product}
        systems={context.systems}
        selectedId={context.system?.id ?? null}
        problem={context.problem ? context.problem.message || t('money.error.generic') : null}
        onChoose={(id) => actor.send({ type: 'system.choose', id })}
        onPay={() => actor.send({ type: 'submit' })}
        onRetry={() => actor.send({ type: 'retry' })}
        onAgain={() => {
          if (stage === 'completed') navigate('/home');
          else actor.send({ type: 'again' });
        }}
      />
    </MoneyPage>
  );
}
