import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { depositActors } from '../../machines/deposit/deposit.actors';
import { depositMachine } from '../../machines/deposit/deposit.machine';
import { selectDepositScreen } from '../../machines/deposit/deposit.selectors';
import { useApi, useRegisteredActor, useWallets } from '../app-services';
import { DepositForm } from '../../ui/money/DepositForm';
import { DepositStatus } from '../../ui/money/DepositStatus';
import { MoneyPage } from '../../ui/money/MoneyPage';
import { PaymentSystemList } from '../../ui/money/PaymentSystemList';
import { ProblemNotice } from '../../ui/money/parts';
import { checkoutNavigation, idParam } from './checkout-params';
import { translateMessage } from './translate-message';

/** /deposit, and /deposit?deposit_id=N when the checkout sends the browser back. */
export function DepositRoute() {
  const api = useApi();
  const { t } = useTranslation();
  const search = useSearch();
  const [, navigate] = useLocation();
  const machine = useMemo(
    () =>
      depositMachine.provide({
        actors: depositActors(api.deposit),
        actions: checkoutNavigation,
      }),
    [api],
  );
  const depositId = idParam(search, 'deposit_id');
  const actor = useRegisteredActor('deposit', machine, { input: { returningDepositId: depositId } });
  // The page stays mounted when its query changes: once the deposit it came back for leaves the
  // query (Again, or the menu's Deposit), a new deposit starts.
  const returnedFor = useRef(depositId);
  useEffect(() => {
    if (returnedFor.current !== null && depositId === null) actor.send({ type: 'again' });
    returnedFor.current = depositId;
  }, [actor, depositId]);
  const snapshot = useSelector(actor, (s) => s);
  const screen = selectDepositScreen(snapshot);
  const { context } = snapshot;
  // The money just arrived on the main wallet: trade with it (a new account started on demo).
  const { select } = useWallets();
  const completed = screen.kind === 'status' && screen.status === 'completed';
  useEffect(() => {
    if (completed) select('main');
  }, [completed, select]);
  const again = () => (depositId === null ? actor.send({ type: 'again' }) : navigate('/deposit', { replace: true }));

  return (
    <MoneyPage title={t('money.page.deposit')} lead={screen.kind === 'systems' ? t('money.deposit.choose') : undefined}>
      {screen.kind === 'systems' &&
        (screen.failed ? (
          <ProblemNotice message={context.problem?.message} onRetry={() => actor.send({ type: 'retry' })} />
        ) : (
          <PaymentSystemList systems={context.systems} loading={screen.loading} onChoose={(id) => actor.send({ type: 'system.choose', id })} />
        ))}
      {screen.kind === 'form' && context.system && (
        <DepositForm
          system={context.system}
          amount={context.amount}
          busy={screen.busy}
          amountError={context.amountError ? translateMessage(t)(context.amountError) : (context.problem?.fields?.amount ?? null)}
          problem={context.problem && !context.problem.fields?.amount ? context.problem.message || t('money.error.generic') : null}
          onAmountChange={(value) => actor.send({ type: 'amount.change', value })}
          onSubmit={() => actor.send({ type: 'submit' })}
          onBack={() => actor.send({ type: 'back' })}
        />
      )}
      {screen.kind === 'status' && <DepositStatus status={screen.status} onRetry={() => actor.send({ type: 'retry' })} onAgain={again} />}
    </MoneyPage>
  );
}
