import ELK from 'elkjs/lib/elk-api.js';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';
import type { AnyStateMachine } from 'xstate';
import { toDiagram, toElkGraph, type Diagram } from './elk-graph';

/** elkjs runs its layout in its own web worker, off the page's thread. */
let elk: InstanceType<typeof ELK> | null = null;
/** A machine's definition does not change while the page runs: each is laid out once. */
const laidOut = new WeakMap<AnyStateMachine, Promise<Diagram>>();

/** The machine's diagram, laid out by elkjs in a worker. */
export function layoutMachine(machine: AnyStateMachine): Promise<Diagram> {
  const known = laidOut.get(machine);
  if (known) return known;
  elk ??= new ELK({ workerUrl: elkWorkerUrl });
  const diagram = elk.layout(toElkGraph(machine)).then((node) => toDiagram(machine, node));
  laidOut.set(machine, diagram);
  return diagram;
}
