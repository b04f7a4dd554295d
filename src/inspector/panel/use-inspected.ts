import { useMemo, useSyncExternalStore } from 'react';
import type { AnyActorRef, AnyStateMachine } from 'xstate';
import type { ActorTracker } from '../actor-tracker';
import { acceptedEvents, type AcceptedEvent } from '../accepted-events';
import { diff, type Change } from '../diff';
import { activeNodes } from '../machine-nodes';
import type { Frame, RecordedEvent, Recorder } from '../recorder';
import type { TreeActor } from './ActorTree';
import type { LogRow } from './EventLog';

/** A state value on one line: `on.light.dimmed, on.fan.still`. */
function stateText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return '';
  return Object.entries(value)
    .map(([key, nested]) => {
      const inner = stateText(nested);
      return inner ? `${key}.${inner}` : key;
    })
    .join(', ');
}

/** The log shows the latest events only: the page stays quick while ticks arrive every second. */
const SHOWN_ROWS = 300;

export interface Inspected {
  tree: TreeActor[];
  rows: LogRow[];
  types: string[];
  /** The chosen actor: the one picked, else the first named `initialActor`. */
  chosenId: string | null;
  /** What is shown of the chosen actor, as it was after `seq` (now when null). */
  chosen: {
    machine: AnyStateMachine | null;
    frame: Frame | null;
    active: Set<string>;
    lastEntry: RecordedEvent | null;
    lastSources: Set<string>;
    changes: Change[] | null;
    live: AnyActorRef | null;
    accepted: AcceptedEvent[];
  };
}

const safeActive = (machine: AnyStateMachine | null, value: unknown) => {
  if (!machine) return new Set<string>();
  try {
    return new Set(activeNodes(machine, value as never).map((node) => node.id));
  } catch {
    return new Set<string>();
  }
};

/** Everything the panel shows, read from the recorder and the running actors. */
export function useInspected(
  recorder: Recorder,
  tracker: ActorTracker | null,
  selection: { actorId: string | null; initialActor?: string | undefined; seq: number | null; actorFilter: string; typeFilter: string },
): Inspected {
  const version = useSyncExternalStore(recorder.subscribe, recorder.version);
  const trackerVersion = useSyncExternalStore(
    (listener) => tracker?.subscribe(listener) ?? (() => undefined),
    () => tracker?.version() ?? 0,
  );
  return useMemo(() => {
    void version;
    void trackerVersion;
    const recording = recorder.recording();
    const entries = new Map((tracker?.list() ?? []).map((entry) => [entry.actor.sessionId, entry]));
    const latest = recorder.framesAt(selection.seq);
    const imported = recorder.live.size === 0;
    const tree: TreeActor[] = recording.actors
      .filter((actor) => imported || entries.has(actor.id) || actor.id === selection.actorId)
      .map((actor) => {
        const entry = entries.get(actor.id);
        const frame = latest.get(actor.id);
        return {
          id: actor.id,
          name: entry?.name ?? actor.name,
          systemId: (recorder.live.get(actor.id) as { systemId?: string } | undefined)?.systemId ?? null,
          parentId: actor.parentId,
          status: entry || imported ? (frame?.status ?? 'active') : 'stopped',
          route: entry?.route ?? null,
          state: stateText(frame?.value),
        };
      });
    const names = new Map(tree.map((actor) => [actor.id, actor.name]));
    const rows: LogRow[] = recording.events
      .filter((entry) => (!selection.actorFilter || entry.actorId === selection.actorFilter) && (!selection.typeFilter || entry.event.type === selection.typeFilter))
      .map((entry) => {
        const { type: _type, ...payload } = entry.event;
        return {
          seq: entry.seq,
          at: entry.at,
          actorId: entry.actorId,
          actorName: names.get(entry.actorId) ?? recording.actors.find((actor) => actor.id === entry.actorId)?.name ?? entry.actorId,
          type: entry.event.type,
          payload: JSON.stringify(payload, null, 1),
          state: stateText(entry.after.value),
        };
      })
      .slice(-SHOWN_ROWS);
    const types = [...new Set(recording.events.map((entry) => entry.event.type))].sort();

    const actorId = selection.actorId ?? tree.find((actor) => actor.name === selection.initialActor)?.id ?? null;
    const recorded = recording.actors.find((actor) => actor.id === actorId);
    const machine = recorded?.machineId ? (recorder.machines.get(recorded.machineId) ?? null) : null;
    const frame = actorId ? (latest.get(actorId) ?? null) : null;
    const own = recording.events.filter((entry) => entry.actorId === actorId && (selection.seq === null || entry.seq <= selection.seq));
    const lastEntry = own.at(-1) ?? null;
    const live = selection.seq === null && actorId ? (recorder.live.get(actorId) ?? null) : null;
    const snapshot = live?.getSnapshot() as { status?: string } | undefined;
    return {
      tree,
      rows,
      types,
      chosenId: actorId,
      chosen: {
        machine,
        frame,
        active: safeActive(machine, frame?.value),
        lastEntry,
        lastSources: safeActive(machine, lastEntry?.before?.value),
        changes: lastEntry ? diff(lastEntry.before?.context ?? undefined, lastEntry.after.context) : null,
        live: live && snapshot?.status === 'active' ? live : null,
        accepted: machine && live && snapshot?.status === 'active' ? acceptedEvents(machine, live.getSnapshot()) : [],
      },
    };
  }, [recorder, tracker, version, trackerVersion, selection.seq, selection.actorId, selection.initialActor, selection.actorFilter, selection.typeFilter]);
}
