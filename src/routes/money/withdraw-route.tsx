import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { browserPasskeyPrompt } from '../../api/passkey-prompt';
import { SECOND_FACTOR_FIELD } from '../../api/contract/security';
import { withdrawActors } from '../../machines/withdraw/withdraw.actors';
import { withdrawMachine, type WithdrawInput } from '../../machines/withdraw/withdraw.machine';
import {
  selectFieldErrors,
  selectFreshFactor,
  selectProblemMessage,
  selectWithdrawPath,
  selectWithdrawScreen,
} from '../../machines/withdraw/withdraw.selectors';
import { useApi, useRegisteredActor } from '../app-services';
import { FinancesSummary } from '../../ui/money/FinancesSummary';
import { MoneyPage } from '../../ui/money/MoneyPage';
import { PaymentSystemList } from '../../ui/money/PaymentSystemList';
import { ProblemNotice } from '../../ui/money/parts';
import { WithdrawCancel } from '../../ui/money/WithdrawCancel';
import { WithdrawConfirm } from '../../ui/money/WithdrawConfirm';
import { WithdrawForm } from '../../ui/money/WithdrawForm';
import { WithdrawPending } from '../../ui/money/WithdrawPending';
import { translateMessage } from './translate-message';
import { CLIENT_FAILURE_KEYS } from '../auth/use-session';
import type { Problem } from '../../machines/money-flow/problem';

/** /withdraw, /withdraw/form/{id?}/{form?} and /withdraw/{id?}/cancel: where the flow starts. */
export function withdrawInputOf(path: string): WithdrawInput {
  const form = /^\/withdraw\/form\/([1-9]\d{0,15})(?:\/|$)/.exec(path);
  if (form?.[1]) return { systemId: Number(form[1]) };
  const cancel = /^\/withdraw\/([1-9]\d{0,15})\/cancel\/?$/.exec(path);
  if (cancel?.[1]) return { cancelId: Number(cancel[1]) };
  return {};
}

/** Why the confirmation did not go through: the server's words, or ours (a closed passkey prompt, a lost connection). */
const confirmProblem = (problem: Problem | null, t: TFunction): string | null =>
  problem && (problem.message || t(CLIENT_FAILURE_KEYS[problem.code] ?? 'money.error.generic'));

/**
 * The withdraw flow, one machine for all its paths, owned by the page (which stays mounted across
 * them): the path says where it starts, each step is written back into the path so a reload lands
 * near where the trader was, and a path the trader goes to (Back, a link) is sent to the flow.
 */
export function WithdrawRoute() {
  const api = useApi();
  const { t } = useTranslation();
  const [location, navigate] = useLocation();
  const machine = useMemo(() => withdrawMachine.provide({ actors: withdrawActors(api, browserPasskeyPrompt) }), [api]);
  const actor = useRegisteredActor('withdraw', machine, { input: withdrawInputOf(location) });
  const snapshot = useSelector(actor, (s) => s);
  const path = selectWithdrawPath(snapshot);
  // The path the flow and the address bar last agreed on: whichever of them moved since leads.
  const agreed = useRef(location);
  useEffect(() => {
    if (path === location) {
      agreed.current = location;
    } else if (location !== agreed.current) {
      agreed.current = location;
      actor.send({ type: 'path.open', ...withdrawInputOf(location) });
    } else {
      agreed.current = path;
      navigate(path, { replace: true });
    }
  }, [actor, path, location, navigate]);

  const screen = selectWithdrawScreen(snapshot);
  const { context } = snapshot;
  // The fresh second factor the server asked for (two-factor sign-in is on): a code, a passkey, or either.
  const fresh = selectFreshFactor(snapshot);
  const problem = selectProblemMessage(snapshot);
  const retry = () => actor.send({ type: 'retry' });
  const again = () => actor.send({ type: 'again' });

  let body;
  switch (screen.kind) {
    case 'systems':
      body = (
        <>
          <FinancesSummary finances={context.finances} />
          {screen.failed ? (
            <ProblemNotice message={problem} onRetry={retry} />
          ) : (
            <PaymentSystemList systems={context.systems} loading={screen.loading} showFee onChoose={(id) => actor.send({ type: 'system.choose', id })} />
          )}
        </>
      );
      break;
    case 'form':
      body = context.config ? (
        <WithdrawForm
          system={context.config.ps}
          fields={context.config.ps.fields}
          values={context.values}
          errors={selectFieldErrors(snapshot, translateMessage(t))}
          available={context.finances?.available ?? null}
          verification={context.finances?.verification ?? null}
          onNavigate={navigate}
          checking={screen.checking}
          problem={problem}
          onChange={(name, value) => actor.send({ type: 'field.change', name, value })}
          onSubmit={() => actor.send({ type: 'submit' })}
          onBack={() => actor.send({ type: 'back' })}
        />
      ) : screen.failed ? (
        <ProblemNotice message={problem} onRetry={retry} />
      ) : (
        <PaymentSystemList systems={[]} loading onChoose={() => undefined} />
      );
      break;
    case 'confirm':
      body = context.quote && context.config && (
        <WithdrawConfirm
          systemName={context.config.ps.name}
          quote={context.quote}
          busy={screen.busy}
          problem={confirmProblem(context.problem, t)}
          secondFactor={
            fresh.code
              ? {
                  value: context.values[SECOND_FACTOR_FIELD] ?? '',
                  error: context.problem?.fields?.[SECOND_FACTOR_FIELD],
                  onChange: (value) => actor.send({ type: 'field.change', name: SECOND_FACTOR_FIELD, value }),
                }
              : undefined
          }
          passkey={fresh.passkey ? { signing: fresh.signing, onUse: () => actor.send({ type: 'confirm.passkey' }) } : undefined}
          onConfirm={() => actor.send({ type: 'confirm' })}
          onBack={() => actor.send({ type: 'back' })}
        />
      );
      break;
    case 'pending':
      body = context.withdrawal && (
        <WithdrawPending withdrawal={context.withdrawal} onCancel={() => actor.send({ type: 'cancel' })} onAgain={again} />
      );
      break;
    case 'cancel':
      body = (
        <WithdrawCancel
          stage={screen.stage}
          withdrawal={context.withdrawal}
          cancellable={context.cancellable}
          problem={context.problem ? context.problem.message || t('money.error.generic') : null}
          onConfirm={() => actor.send({ type: 'cancel.confirm' })}
          onRetry={retry}
          onBack={() => actor.send({ type: 'back' })}
          onAgain={again}
        />
      );
      break;
  }
  return (
    <MoneyPage title={t('money.page.withdraw')} lead={screen.kind === 'systems' ? t('money.withdraw.choose') : undefined}>
      {body}
    </MoneyPage>
  );
}
