import type { AnyActorRef, AnyStateMachine, InspectionEvent } from 'xstate';
import { toJson, type Json } from './serialize';
import { ChangeSource } from './change-source';

/** An actor's state as recorded: its state value, its context and its status. */
export interface Frame {
  value: Json;
  context: Json;
  status: string;
}

export interface RecordedActor {
  /** The actor's session id, unique in the recording. */
  id: string;
  /** Its invoke or spawn id (children) or its machine's id (root actors). */
  name: string;
  parentId: string | null;
  /** The id of its machine (null for promises, callbacks and other logic). */
  machineId: string | null;
}

export interface RecordedEvent {
  /** The order of the event among all actors' events. */
  seq: number;
  /** Milliseconds since the recording started. */
  at: number;
  actorId: string;
  /** The actor that sent it, when it was one. */
  sourceId: string | null;
  event: { type: string } & { [key: string]: Json };
  before: Frame | null;
  after: Frame;
}

export interface Recording {
  format: 'statechart-recording';
  version: 1;
  startedAt: string;
  actors: RecordedActor[];
  events: RecordedEvent[];
}

/** A recording keeps at most this many events (the oldest go first). */
const MAX_EVENTS = 5000;

function frameOf(snapshot: unknown): Frame {
  const { value, context, status } = snapshot as { value?: unknown; context?: unknown; status?: string };
  return { value: toJson(value), context: toJson(context), status: status ?? 'active' };
}

function describe(actor: AnyActorRef): RecordedActor {
  const parent = (actor as { _parent?: AnyActorRef })._parent;
  const logic = (actor as { logic?: { id?: unknown; root?: unknown } }).logic;
  const machineId = logic?.root && typeof logic.id === 'string' ? logic.id : null;
  return { id: actor.sessionId, name: parent ? actor.id : (machineId ?? actor.id), parentId: parent?.sessionId ?? null, machineId };
}

/**
 * Records what every actor of a registry does, in order: each actor as it starts, and each event
 * it processed with its state before and after. The panel shows it, diffs it and steps back
 * through it; it exports as JSON (`recording()`) and imports the same (`load`).
 */
export class Recorder extends ChangeSource {
  private actors = new Map<string, RecordedActor>();
  private events: RecordedEvent[] = [];
  private readonly last = new Map<string, Frame>();
  /** The sender of the event each actor is about to process. */
  private readonly senders = new Map<string, string>();
  private seq = 0;
  private started: number;
  private startedAt: string;
  /** Live actors by session id, to send events to and draw (absent for an imported recording). */
  readonly live = new Map<string, AnyActorRef>();
  /** Each machine seen, by id: an imported recording's diagrams are drawn from them. */
  readonly machines = new Map<string, AnyStateMachine>();

  constructor(private readonly now: () => number = () => Date.now()) {
    super();
    this.started = now();
    this.startedAt = new Date(this.started).toISOString();
  }

  readonly record = (inspection: InspectionEvent): void => {
    const actor = inspection.actorRef as AnyActorRef;
    if (inspection.type === '@xstate.actor') {
      const described = describe(actor);
      this.actors.set(actor.sessionId, described);
      if (described.machineId) this.machines.set(described.machineId, (actor as unknown as { logic: AnyStateMachine }).logic);
      this.live.set(actor.sessionId, actor);
      this.changed();
    } else if (inspection.type === '@xstate.event') {
      const source = inspection.sourceRef as AnyActorRef | undefined;
      if (source) this.senders.set(actor.sessionId, source.sessionId);
    } else if (inspection.type === '@xstate.snapshot') {
      if (!this.actors.has(actor.sessionId)) this.actors.set(actor.sessionId, describe(actor));
      this.live.set(actor.sessionId, actor);
      const after = frameOf(inspection.snapshot);
      const before = this.last.get(actor.sessionId) ?? null;
      this.last.set(actor.sessionId, after);
      const sourceId = this.senders.get(actor.sessionId) ?? null;
      this.senders.delete(actor.sessionId);
      this.events.push({
        seq: ++this.seq,
        at: this.now() - this.started,
        actorId: actor.sessionId,
        sourceId,
        event: toJson(inspection.event) as RecordedEvent['event'],
        before,
        after,
      });
      if (this.events.length > MAX_EVENTS) this.events.splice(0, this.events.length - MAX_EVENTS);
      this.changed();
    }
  };

  recording(): Recording {
    return { format: 'statechart-recording', version: 1, startedAt: this.startedAt, actors: [...this.actors.values()], events: [...this.events] };
  }

  /** Shows an exported recording instead of the live one (no actor is live in it). */
  load(recording: Recording): void {
    if (recording.format !== 'statechart-recording' || recording.version !== 1) throw new Error('Not a statechart recording');
    this.actors = new Map(recording.actors.map((actor) => [actor.id, actor]));
    this.events = [...recording.events];
    this.live.clear();
    this.last.clear();
    this.seq = this.events.at(-1)?.seq ?? 0;
    this.startedAt = recording.startedAt;
    this.changed();
  }

  /** The snapshot of each actor as it was right after event `seq` (the latest when null). */
  framesAt(seq: number | null): Map<string, Frame> {
    const frames = new Map<string, Frame>();
    for (const entry of this.events) {
      if (seq !== null && entry.seq > seq) break;
      frames.set(entry.actorId, entry.after);
    }
    return frames;
  }
}
