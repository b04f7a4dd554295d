import type { Recording, RecordedActor, RecordedEvent } from './recorder';
import type { Json } from './serialize';

/** Where a machine is exported from, as the generated test imports it. */
export interface MachineModule {
  importPath: string;
  exportName: string;
}

export interface Replay {
  actor: RecordedActor;
  input: Json;
  events: RecordedEvent['event'][];
  finalValue: Json;
}

const STOP = 'xstate.stop';
const INIT = 'xstate.init';

/** Each machine actor whose start was recorded: its input, the events it processed after, and where it ended. */
export function replays(recording: Recording): Replay[] {
  const result: Replay[] = [];
  for (const actor of recording.actors) {
    if (!actor.machineId) continue;
    const own = recording.events.filter((entry) => entry.actorId === actor.id && entry.event.type !== STOP);
    const [init, ...rest] = own;
    if (!init || init.event.type !== INIT) continue;
    const finalValue = (rest.at(-1) ?? init).after.value;
    result.push({ actor, input: init.event.input ?? null, events: rest.map((entry) => entry.event), finalValue });
  }
  return result;
}

export function exportJson(recording: Recording): string {
  return `${JSON.stringify(recording, null, 2)}\n`;
}

const literal = (value: unknown) => JSON.stringify(value, null, 2).replace(/\n/g, '\n    ');

/**
 * The recording as a Vitest file: for each machine actor it can import, the recorded events go
 * through XState's pure `transition()` from the machine's initial snapshot (with the recorded
 * input), and the final state value must be the one recorded. Nothing runs: no effect, no timer.
 */
export function exportVitest(recording: Recording, moduleOf: (machineId: string) => MachineModule | null): string {
  const tested = replays(recording).flatMap((replay) => {
    const module = replay.actor.machineId ? moduleOf(replay.actor.machineId) : null;
    return module ? [{ replay, module }] : [];
  });
  const imports = new Map<string, Set<string>>();
  for (const { module } of tested) imports.set(module.importPath, (imports.get(module.importPath) ?? new Set()).add(module.exportName));
  const lines = [
    `// Recorded by the statechart inspector on ${recording.startedAt}: each actor's events replayed through transition().`,
    "import { describe, expect, test } from 'vitest';",
    "import { initialTransition, transition, type AnyStateMachine, type EventObject } from 'xstate';",
    ...[...imports].map(([path, names]) => `import { ${[...names].sort().join(', ')} } from '${path}';`),
    '',
    'function replay(machine: AnyStateMachine, input: unknown, events: EventObject[]) {',
    '  let [snapshot] = initialTransition(machine, input);',
    '  for (const event of events) [snapshot] = transition(machine, snapshot, event);',
    '  return snapshot;',
    '}',
    '',
    `describe('the recorded session of ${recording.startedAt}', () => {`,
  ];
  for (const { replay, module } of tested) {
    lines.push(
      `  test(${JSON.stringify(`${replay.actor.name} (${replay.actor.id}) ends in ${JSON.stringify(replay.finalValue)}`)}, () => {`,
      `    const snapshot = replay(${module.exportName}, ${literal(replay.input)}, ${literal(replay.events)});`,
      `    expect(snapshot.value).toEqual(${literal(replay.finalValue)});`,
      '  });',
    );
  }
  if (tested.length === 0) lines.push("  test.todo('no machine actor with a known module was recorded');");
  lines.push('});', '');
  return lines.join('\n');
}
