import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { activeNodes, guardLabel, isBuiltInEvent } from './machine-nodes';
import type { Json } from './serialize';

export interface AcceptedEvent {
  type: string;
  /** The guards of the transitions this event may take from the current states. */
  guards: string[];
  /** What `snapshot.can` says of the event without a payload (null: its guards need one). */
  enabled: boolean | null;
}

/**
 * The events the current states have transitions for (from the machine's definition, innermost
 * state first, each once), each with its guards and whether the snapshot's `can` accepts it as is.
 */
export function acceptedEvents(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): AcceptedEvent[] {
  const byType = new Map<string, Set<string>>();
  for (const node of activeNodes(machine, snapshot.value as Json).reverse()) {
    for (const [type, transitions] of node.transitions) {
      if (isBuiltInEvent(type)) continue;
      const guards = byType.get(type) ?? new Set<string>();
      for (const transition of transitions) {
        const guard = guardLabel(transition);
        if (guard) guards.add(guard);
      }
      byType.set(type, guards);
    }
  }
  return [...byType].map(([type, guards]) => {
    let enabled: boolean | null;
    try {
      enabled = snapshot.can({ type });
    } catch {
      enabled = null;
    }
    return { type, guards: [...guards], enabled };
  });
}
