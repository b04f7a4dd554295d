import type { Diagram } from '../diagram/elk-graph';

export interface DiagramViewProps {
  machineId: string;
  /** Null while the layout is being computed. */
  diagram: Diagram | null;
  /** The ids of the active state nodes. */
  active: ReadonlySet<string>;
  /** The transition the last event took, when it is known. */
  lastTransitionId: string | null;
}

const pathOf = (points: Array<{ x: number; y: number }>) => points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x},${point.y}`).join(' ');

/** The chosen actor's statechart: nested and parallel states, labelled transitions, the active states lit. */
export function DiagramView({ machineId, diagram, active, lastTransitionId }: DiagramViewProps) {
  return (
    <section aria-labelledby="inspector-diagram">
      <h3 id="inspector-diagram">Statechart {machineId}</h3>
      {!diagram ? (
        <p className="muted">Laying out…</p>
      ) : (
        <div className="diagram">
          <svg width={diagram.width} height={diagram.height} viewBox={`0 0 ${diagram.width} ${diagram.height}`} role="img" aria-label={`Statechart ${machineId}`}>
            <defs>
              <marker id="arrow" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" orient="auto">
                <path d="M0,0 L8,4 L0,8 z" fill="#6b7aa3" />
              </marker>
            </defs>
            {diagram.states.map((state) => (
              <g
                key={state.id}
                className={`state ${state.kind}${state.region ? ' region' : ''}${active.has(state.id) ? ' active' : ''}`}
                data-state={state.id}
                data-active={active.has(state.id) ? 'true' : undefined}
              >
                <rect x={state.x} y={state.y} width={state.width} height={state.height} rx={state.kind === 'final' ? 14 : 6} />
                <text x={state.x + 8} y={state.y + (state.kind === 'atomic' || state.kind === 'final' ? state.height / 2 + 4 : 16)}>
                  {state.label}
                  {state.kind === 'parallel' ? ' ∥' : ''}
                </text>
              </g>
            ))}
            {diagram.transitions.map((transition) => (
              <g key={transition.id} className={`transition${transition.id === lastTransitionId ? ' last' : ''}`} data-event={transition.eventType}>
                <path d={pathOf(transition.points)} markerEnd="url(#arrow)" />
                {transition.labelAt && (
                  <text x={transition.labelAt.x + 2} y={transition.labelAt.y + transition.labelAt.height - 5}>
                    {transition.label}
                  </text>
                )}
              </g>
            ))}
          </svg>
        </div>
      )}
    </section>
  );
}
