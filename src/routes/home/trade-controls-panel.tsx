import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alertsActors } from '../../machines/alerts/alerts.actors';
import { alertsMachine } from '../../machines/alerts/alerts.machine';
import * as alertSelectors from '../../machines/alerts/alerts.selectors';
import { selectCurrentPair, selectCurrentRate, selectPlatform } from '../../machines/market/market.selectors';
import { ordersActors } from '../../machines/orders/orders.actors';
import { ordersMachine } from '../../machines/orders/orders.machine';
import * as orderSelectors from '../../machines/orders/orders.selectors';
import { useMediaQuery } from '../../ui/hooks';
import { Button } from '../../ui/primitives/Button';
import { Card } from '../../ui/primitives/Card';
import { Sheet } from '../../ui/primitives/Sheet';
import { COMPACT_QUERY } from '../../ui/stitches.config';
import { AlertForm } from '../../ui/trading/AlertForm';
import { AlertList } from '../../ui/trading/AlertList';
import { OrderForm } from '../../ui/trading/OrderForm';
import { OrderList } from '../../ui/trading/OrderList';
import { TradeControls } from '../../ui/trading/TradeControls';
import { useApi, useConnectivity, useRealtime, useRegisteredActor, useWallets } from '../app-services';
import type { MarketRef } from './use-trading';

/**
 * The orders and alerts statecharts for the room's lifetime, fed the socket's messages and told
 * when the connection is back (as the bets are), to read again what the socket could not deliver.
 */
function useTradeControls() {
  const api = useApi();
  const realtime = useRealtime();
  const orders = useRegisteredActor(
    'orders',
    useMemo(() => ordersMachine.provide({ actors: ordersActors(api.orders) }), [api]),
  );
  const alerts = useRegisteredActor(
    'alerts',
    useMemo(() => alertsMachine.provide({ actors: alertsActors(api.orders) }), [api]),
  );
  useEffect(
    () =>
      realtime.onMessage((message) => {
        orders.send({ type: 'realtime.message', message });
        alerts.send({ type: 'realtime.message', message });
      }),
    [realtime, orders, alerts],
  );
  const connectivity = useConnectivity();
  useEffect(() => {
    if (connectivity !== 'back') return;
    orders.send({ type: 'connection.back' });
    alerts.send({ type: 'connection.back' });
  }, [connectivity, orders, alerts]);
  return { orders, alerts };
}

/**
 * Pending orders and price alerts on the shown pair: beside the bets from 992px, behind a button
 * that opens them in a bottom sheet on phones and tablets (like the open bets).
 */
export function TradeControlsPanel({ market }: { market: MarketRef }) {
  const { t } = useTranslation();
  const compact = useMediaQuery(COMPACT_QUERY);
  const [open, setOpen] = useState(false);
  const { orders, alerts } = useTradeControls();
  const { current } = useWallets();
  const pair = useSelector(market, selectCurrentPair);
  const rate = useSelector(market, selectCurrentRate);
  const platform = useSelector(market, selectPlatform);
  const orderState = {
    list: useSelector(orders, orderSelectors.selectOrders),
    loading: useSelector(orders, orderSelectors.selectOrdersLoading),
    failed: useSelector(orders, orderSelectors.selectOrdersFailed),
    submitting: useSelector(orders, orderSelectors.selectOrderSubmitting),
    cancelling: useSelector(orders, orderSelectors.selectOrderCancelling),
    problem: useSelector(orders, orderSelectors.selectOrdersProblem),
  };
  const alertState = {
    list: useSelector(alerts, alertSelectors.selectAlerts),
    loading: useSelector(alerts, alertSelectors.selectAlertsLoading),
    failed: useSelector(alerts, alertSelectors.selectAlertsFailed),
    submitting: useSelector(alerts, alertSelectors.selectAlertSubmitting),
    deleting: useSelector(alerts, alertSelectors.selectAlertDeleting),
    problem: useSelector(alerts, alertSelectors.selectAlertsProblem),
  };
  if (!pair) return null;
  const price = rate?.v ?? null;
  const controls = (
    <TradeControls
      orders={
        <>
          <OrderForm
            key={pair.id}
            pairId={pair.id}
            symbol={pair.symbol}
            walletType={current}
            price={price}
            intervals={platform?.intervals ?? [60]}
            submitting={orderState.submitting}
            problem={orderState.failed ? null : orderState.problem}
            onEdit={() => orders.send({ type: 'order.edit' })}
            onSubmit={(request) => orders.send({ type: 'order.submit', request })}
          />
          <OrderList
            orders={orderState.list}
            loading={orderState.loading}
            failed={orderState.failed}
            cancelling={orderState.cancelling}
            onCancel={(id) => orders.send({ type: 'order.cancel', id })}
            onRetry={() => orders.send({ type: 'orders.retry' })}
          />
        </>
      }
      alerts={
        <>
          <AlertForm
            key={pair.id}
            pairId={pair.id}
            symbol={pair.symbol}
            price={price}
            submitting={alertState.submitting}
            problem={alertState.failed ? null : alertState.problem}
            onEdit={() => alerts.send({ type: 'alert.edit' })}
            onSubmit={(request) => alerts.send({ type: 'alert.submit', request })}
          />
          <AlertList
            alerts={alertState.list}
            loading={alertState.loading}
            failed={alertState.failed}
            deleting={alertState.deleting}
            onDelete={(id) => alerts.send({ type: 'alert.delete', id })}
            onRetry={() => alerts.send({ type: 'alerts.retry' })}
          />
        </>
      }
    />
  );
  if (!compact) return <Card compact>{controls}</Card>;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} data-testid="trade-controls-open">
        {t('trading.controls.open')}
      </Button>
      <Sheet open={open} title={t('trading.controls.label')} onClose={() => setOpen(false)}>
        {controls}
      </Sheet>
    </>
  );
}
