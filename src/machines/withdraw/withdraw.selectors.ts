import type { SnapshotFrom } from 'xstate';
import { SECOND_FACTOR_FIELD } from '../../api/contract/security';
import type { Message } from '../money-flow/amount-rules';
import type { withdrawMachine } from './withdraw.machine';

type WithdrawSnapshot = SnapshotFrom<typeof withdrawMachine>;

/** Which screen of the withdraw flow is showing; components never see state names. */
export type WithdrawScreen =
  | { kind: 'systems'; loading: boolean; failed: boolean }
  | { kind: 'form'; checking: boolean; loading: boolean; failed: boolean }
  | { kind: 'confirm'; busy: boolean }
  | { kind: 'pending' }
  | { kind: 'cancel'; stage: 'loading' | 'loadFailed' | 'ready' | 'cancelling' | 'cancelled' };

export function selectWithdrawScreen(snapshot: WithdrawSnapshot): WithdrawScreen {
  if (snapshot.matches('cancel')) {
    const stage = (['loading', 'loadFailed', 'ready', 'cancelling', 'cancelled'] as const).find((name) => snapshot.matches({ cancel: name }));
    return { kind: 'cancel', stage: stage ?? 'loading' };
  }
  if (snapshot.matches('pending') || snapshot.matches('processed')) return { kind: 'pending' };
  if (snapshot.matches('reviewing') || snapshot.matches('signingWithPasskey') || snapshot.matches('confirming')) {
    return { kind: 'confirm', busy: !snapshot.matches('reviewing') };
  }
  if (snapshot.matches('editing') || snapshot.matches('checking')) return { kind: 'form', checking: snapshot.matches('checking'), loading: false, failed: false };
  if (snapshot.matches('loadingSystem') || snapshot.matches('systemFailed')) {
    return { kind: 'form', checking: false, loading: snapshot.matches('loadingSystem'), failed: snapshot.matches('systemFailed') };
  }
  return { kind: 'systems', loading: snapshot.matches('loading') || snapshot.matches('start'), failed: snapshot.matches('loadFailed') };
}

/**
 * The fresh second factor the review asks for: the code field (asked, or already typed), the
 * passkey button, and whether the passkey is at work (its prompt open, or its answer being sent).
 */
export function selectFreshFactor(snapshot: WithdrawSnapshot): { code: boolean; passkey: boolean; signing: boolean } {
  const { factorsAsked, values, passkeyAnswer } = snapshot.context;
  const signing = snapshot.matches('signingWithPasskey') || (snapshot.matches('confirming') && passkeyAnswer !== null);
  return { code: factorsAsked.code || SECOND_FACTOR_FIELD in values, passkey: factorsAsked.passkey, signing };
}

/** Client messages translated, then the server's own field messages where the client had none. */
export function selectFieldErrors(snapshot: WithdrawSnapshot, translate: (message: Message) => string): Record<string, string> {
  const errors: Record<string, string> = { ...(snapshot.context.problem?.fields ?? {}) };
  for (const [name, message] of Object.entries(snapshot.context.errors)) errors[name] = translate(message);
  return errors;
}

/** The problem's message unless it only repeats field errors shown at their fields. */
export function selectProblemMessage(snapshot: WithdrawSnapshot): string | null {
  const { problem } = snapshot.context;
  if (!problem) return null;
  if (problem.code === 'validation' && problem.fields && Object.keys(problem.fields).length > 0) return null;
  return problem.message;
}

/** The path that shows the current step, so a reload lands near where the trader was. */
export function selectWithdrawPath(snapshot: WithdrawSnapshot): string {
  const screen = selectWithdrawScreen(snapshot);
  const { context } = snapshot;
  const systemId = context.config?.ps.id ?? context.requestedSystemId;
  switch (screen.kind) {
    case 'cancel':
      return `/withdraw/${context.cancelId ?? ''}/cancel`;
    case 'pending':
      return context.withdrawal ? `/withdraw/${context.withdrawal.id}/cancel` : '/withdraw';
    case 'confirm':
      return `/withdraw/form/${systemId}/confirm`;
    case 'form':
      return systemId === null ? '/withdraw' : `/withdraw/form/${systemId}`;
    default:
      // While the list loads for a requested system, stay on its form's path.
      return screen.loading && systemId !== null ? `/withdraw/form/${systemId}` : '/withdraw';
  }
}
