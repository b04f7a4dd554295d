import type { SnapshotFrom } from 'xstate';
import type { purchaseMachine } from './purchase.machine';

type PurchaseSnapshot = SnapshotFrom<typeof purchaseMachine>;

export type PurchaseStage = 'loading' | 'loadFailed' | 'noProduct' | 'owned' | 'choosing' | 'paying' | 'waiting' | 'completed' | 'failed' | 'timeout';

/** The stage of the purchase panel for the machine's state. */
export function selectPurchaseStage(snapshot: PurchaseSnapshot): PurchaseStage {
  if (snapshot.matches('submitting') || snapshot.matches('redirecting')) return 'paying';
  if (snapshot.matches('timedOut')) return 'timeout';
  const direct = (['loadFailed', 'noProduct', 'owned', 'choosing', 'waiting', 'completed', 'failed'] as const).find((name) => snapshot.matches(name));
  return direct ?? 'loading';
}
