import type { SnapshotFrom } from 'xstate';
import type { depositMachine } from './deposit.machine';

type DepositSnapshot = SnapshotFrom<typeof depositMachine>;

export type DepositScreen =
  | { kind: 'systems'; loading: boolean; failed: boolean }
  | { kind: 'form'; busy: boolean }
  | { kind: 'status'; status: 'waiting' | 'completed' | 'failed' | 'timeout' };

export function selectDepositScreen(snapshot: DepositSnapshot): DepositScreen {
  if (snapshot.matches('waiting')) return { kind: 'status', status: 'waiting' };
  if (snapshot.matches('completed')) return { kind: 'status', status: 'completed' };
  if (snapshot.matches('failed')) return { kind: 'status', status: 'failed' };
  if (snapshot.matches('timedOut')) return { kind: 'status', status: 'timeout' };
  if (snapshot.matches('editing') || snapshot.matches('submitting') || snapshot.matches('redirecting')) {
    return { kind: 'form', busy: snapshot.hasTag('busy') };
  }
  return { kind: 'systems', loading: snapshot.hasTag('busy') || snapshot.matches('start'), failed: snapshot.matches('loadFailed') };
}
