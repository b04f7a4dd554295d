import type { ElkNode } from 'elkjs/lib/elk-api';
import type { AnyStateMachine } from 'xstate';
import { toDiagram, toElkGraph, type Diagram } from './elk-graph';

let worker: Worker | null = null;
let next = 0;
const waiting = new Map<number, { resolve: (node: ElkNode) => void; reject: (error: Error) => void }>();
/** A machine's definition does not change while the page runs: each is laid out once. */
const laidOut = new WeakMap<AnyStateMachine, Promise<Diagram>>();

function layoutWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (message: MessageEvent<{ id: number; laidOut?: ElkNode; error?: string }>) => {
    const { id, laidOut: node, error } = message.data;
    const request = waiting.get(id);
    waiting.delete(id);
    if (node) request?.resolve(node);
    else request?.reject(new Error(error ?? 'layout failed'));
  };
  return worker;
}

/** The machine's diagram, laid out by elkjs in a worker. */
export function layoutMachine(machine: AnyStateMachine): Promise<Diagram> {
  const known = laidOut.get(machine);
  if (known) return known;
  const id = (next += 1);
  const diagram = new Promise<ElkNode>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    layoutWorker().postMessage({ id, graph: toElkGraph(machine) });
  }).then((node) => toDiagram(machine, node));
  laidOut.set(machine, diagram);
  return diagram;
}
