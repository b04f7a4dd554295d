import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import { guardLabel } from '../machine-nodes';

/** A state as the diagram draws it. */
interface DrawnState {
  id: string;
  label: string;
  kind: 'atomic' | 'compound' | 'parallel' | 'final';
  /** Set on a region of a parallel state: its box is dashed. */
  region: boolean;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A transition as the diagram draws it: its event, its guard and its route. */
interface DrawnTransition {
  id: string;
  source: string;
  target: string;
  eventType: string;
  label: string;
  points: Array<{ x: number; y: number }>;
  labelAt: { x: number; y: number; width: number; height: number } | null;
}

export interface Diagram {
  width: number;
  height: number;
  states: DrawnState[];
  transitions: DrawnTransition[];
}

const CHAR = 7;
const LINE = 18;
/** The room at the top of a compound state for its name. */
const HEADER = 26;

const kindOf = (node: AnyStateNode): DrawnState['kind'] =>
  node.type === 'parallel' ? 'parallel' : node.type === 'final' ? 'final' : Object.keys(node.states).length > 0 ? 'compound' : 'atomic';

/** A transition's label: its event and, in brackets, its guard. */
function transitionLabel(eventType: string, guard: string | null): string {
  const event = eventType.startsWith('xstate.after.') ? `after ${eventType.split('.')[2] ?? ''}ms` : eventType.replace(/^xstate\.done\.(state|actor)\./, 'done: ');
  return guard ? `${event} [${guard}]` : event;
}

/**
 * The machine's definition (xstate/graph's toDirectedGraph) as an ELK graph: states nested as they
 * are nested, every transition an edge of the root (ELK places it in its lowest common
 * ancestor) labelled with its event and guard. Laid out by elkjs in a worker (layout.worker.ts).
 */
export function toElkGraph(machine: AnyStateMachine): ElkNode {
  const edges: ElkExtendedEdge[] = [];
  const convert = (node: DirectedGraphNode): ElkNode => {
    for (const edge of node.edges) {
      const label = transitionLabel(edge.transition.eventType, guardLabel(edge.transition));
      edges.push({
        id: edge.id,
        sources: [edge.source.id],
        targets: [edge.target.id],
        labels: [{ id: `${edge.id}:label`, text: label, width: label.length * CHAR + 8, height: LINE }],
      });
    }
    const name = node.stateNode.key;
    const children = node.children.map(convert);
    return {
      id: node.id,
      labels: [{ text: name }],
      ...(children.length > 0
        ? { children, layoutOptions: { 'elk.padding': `[top=${HEADER},left=12,bottom=12,right=12]` } }
        : { width: Math.max(60, name.length * CHAR + 24), height: 32 }),
    };
  };
  const root = convert(toDirectedGraph(machine));
  return {
    ...root,
    edges,
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.nodeNode': '24',
      'elk.spacing.edgeLabel': '4',
      'elk.padding': `[top=${HEADER},left=12,bottom=12,right=12]`,
    },
  };
}

/** ELK's answer (positions relative to each parent, edges to their container) in one coordinate space. */
export function toDiagram(machine: AnyStateMachine, laidOut: ElkNode): Diagram {
  const events = new Map<string, string>();
  const collect = (node: DirectedGraphNode) => {
    for (const edge of node.edges) events.set(edge.id, edge.transition.eventType);
    node.children.forEach(collect);
  };
  collect(toDirectedGraph(machine));
  const states: DrawnState[] = [];
  const origin = new Map<string, { x: number; y: number }>();
  const regions = new Set<string>();
  const walk = (node: ElkNode, dx: number, dy: number, depth: number) => {
    const x = dx + (node.x ?? 0);
    const y = dy + (node.y ?? 0);
    origin.set(node.id, { x, y });
    const stateNode = machine.getStateNodeById(node.id);
    if (depth > 0) {
      states.push({
        id: node.id,
        label: stateNode.key,
        kind: kindOf(stateNode),
        region: regions.has(node.id),
        x,
        y,
        width: node.width ?? 0,
        height: node.height ?? 0,
      });
    }
    if (stateNode.type === 'parallel') for (const child of node.children ?? []) regions.add(child.id);
    for (const child of node.children ?? []) walk(child, x, y, depth + 1);
  };
  walk(laidOut, 0, 0, 0);
  const transitions = (laidOut.edges ?? []).map((edge): DrawnTransition => {
    const extended = edge as ElkExtendedEdge & { container?: string };
    const offset = origin.get(extended.container ?? laidOut.id) ?? { x: 0, y: 0 };
    const move = (point: { x: number; y: number }) => ({ x: point.x + offset.x, y: point.y + offset.y });
    const points = (extended.sections ?? []).flatMap((section) => [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map(move));
    const label = extended.labels?.[0];
    return {
      id: extended.id,
      source: extended.sources[0] ?? '',
      target: extended.targets[0] ?? '',
      eventType: events.get(extended.id) ?? '',
      label: label?.text ?? '',
      points,
      labelAt: label ? { ...move({ x: label.x ?? 0, y: label.y ?? 0 }), width: label.width ?? 0, height: label.height ?? 0 } : null,
    };
  });
  return { width: laidOut.width ?? 0, height: laidOut.height ?? 0, states, transitions };
}
