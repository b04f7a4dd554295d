import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import type { Json } from './serialize';

/** The state nodes a state value names, parents included (`{ a: { b: 'c' } }` -> a, a.b, a.b.c). */
export function activeNodes(machine: AnyStateMachine, value: Json): AnyStateNode[] {
  const found: AnyStateNode[] = [machine.root];
  const walk = (node: AnyStateNode, part: Json) => {
    if (typeof part === 'string') {
      const child = node.states[part];
      if (child) found.push(child);
      return;
    }
    if (!part || typeof part !== 'object' || Array.isArray(part)) return;
    for (const [key, nested] of Object.entries(part)) {
      const child = node.states[key];
      if (!child) continue;
      found.push(child);
      walk(child, nested);
    }
  };
  walk(machine.root, value);
  return found;
}

/** How a transition's guard reads: its name, or "inline" for an anonymous function. */
export function guardLabel(transition: AnyTransitionDefinition): string | null {
  const guard = transition.guard as unknown;
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name && guard.name !== 'guard' ? guard.name : 'inline';
  if (typeof guard === 'object' && guard && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'inline';
}

/** Events named by the machine's own plumbing (done, delays, errors), not sent by anyone. */
export const isBuiltInEvent = (type: string) => type.startsWith('xstate.') || type === '*' || type === '';
