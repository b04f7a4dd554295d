import { useEffect, useState, type ChangeEvent } from 'react';
import type { ActorTracker } from '../actor-tracker';
import type { Diagram } from '../diagram/elk-graph';
import { layoutMachine } from '../diagram/layout';
import { exportJson, exportVitest } from '../export';
import { machineModules } from '../machine-modules';
import type { Recorder, Recording } from '../recorder';
import { ActorTree } from './ActorTree';
import { ContextView } from './ContextView';
import { DiagramView } from './DiagramView';
import { EventLog } from './EventLog';
import { SendEvent } from './SendEvent';
import { useInspected } from './use-inspected';

export interface InspectorPanelProps {
  recorder: Recorder;
  /** The running actors (null for a recording only). */
  tracker: ActorTracker | null;
  /** The actor chosen first (by its name), e.g. the story's. */
  initialActor?: string;
  onClose?: () => void;
}

function download(name: string, text: string, type: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/** The offline statechart inspector: the actors, the chosen one's diagram, context and events, sending, time travel, export and import. */
export function InspectorPanel({ recorder, tracker, initialActor, onClose }: InspectorPanelProps) {
  const [actorId, setActorId] = useState<string | null>(null);
  const [seq, setSeq] = useState<number | null>(null);
  const [actorFilter, setActorFilter] = useState('');
  const [typeFilter, setTypeFilter] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inspected = useInspected(recorder, tracker, { actorId, initialActor, seq, actorFilter, typeFilter });
  const chosenId = inspected.chosenId;

  const { machine, frame, active, lastEntry, lastSources, changes, live, accepted } = inspected.chosen;
  const [diagram, setDiagram] = useState<{ machine: unknown; diagram: Diagram } | null>(null);
  useEffect(() => {
    if (!machine) return;
    let current = true;
    layoutMachine(machine).then(
      (laidOut) => current && setDiagram({ machine, diagram: laidOut }),
      (error: unknown) => current && setProblem(`The diagram could not be laid out: ${String(error)}`),
    );
    return () => {
      current = false;
    };
  }, [machine]);
  const shown = diagram && diagram.machine === machine ? diagram.diagram : null;
  const lastTransition =
    lastEntry && shown
      ? shown.transitions.find((transition) => transition.eventType === lastEntry.event.type && lastSources.has(transition.source) && (transition.source === transition.target || active.has(transition.target)))
      : undefined;

  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const exportTest = async () => {
    download(`recorded-${stamp}.test.ts`, exportVitest(recorder.recording(), await machineModules()), 'text/typescript');
  };
  const importRecording = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      recorder.load(JSON.parse(await file.text()) as Recording);
      setSeq(null);
      setActorId(null);
      setProblem(null);
    } catch (error) {
      setProblem(`Not a recording: ${String(error)}`);
    }
  };

  return (
    <aside className="inspector" aria-label="Statechart inspector">
      <div className="toolbar">
        <h2>Statecharts</h2>
        <button type="button" onClick={() => download(`recorded-${stamp}.json`, exportJson(recorder.recording()), 'application/json')}>
          Export JSON
        </button>
        <button type="button" onClick={() => void exportTest()}>
          Export test
        </button>
        <label>
          <span className="muted">Import </span>
          <input type="file" accept="application/json,.json" aria-label="Import a recording" onChange={(event) => void importRecording(event)} />
        </label>
        {onClose && (
          <button type="button" onClick={onClose} aria-label="Close the inspector">
            ×
          </button>
        )}
      </div>
      <div className="body">
        {problem && (
          <p className="note" role="alert">
            {problem}
          </p>
        )}
        {seq !== null && <p className="note">Showing the snapshots after event #{seq} (view only).</p>}
        <ActorTree actors={inspected.tree} selectedId={chosenId} onSelect={setActorId} />
        {chosenId && machine && <DiagramView machineId={machine.id} diagram={shown} active={active} lastTransitionId={lastTransition?.id ?? null} />}
        {chosenId && frame && (
          <ContextView context={JSON.stringify(frame.context, null, 2)} changes={changes} eventType={lastEntry?.event.type ?? null} />
        )}
        {chosenId && machine && <SendEvent accepted={accepted} disabled={!live} onSend={(event) => live?.send(event)} />}
        <EventLog
          rows={inspected.rows}
          actors={inspected.tree}
          types={inspected.types}
          actorFilter={actorFilter}
          typeFilter={typeFilter}
          onActorFilter={setActorFilter}
          onTypeFilter={setTypeFilter}
          selectedSeq={seq}
          onSelect={setSeq}
        />
      </div>
    </aside>
  );
}
