import { createActor, type Actor, type ActorOptions, type AnyActorLogic, type AnyActorRef, type InspectionEvent } from 'xstate';

/** What the registry knows of a running actor besides the actor itself. */
export interface ActorEntry {
  actor: AnyActorRef;
  /** The invoke id, spawn id or systemId it was given; the machine's id for a root actor. */
  name: string;
  /** The actor that invoked or spawned it; null for a root actor. */
  parent: AnyActorRef | null;
  /** The path of the page that started it; null for the app's own root actor. */
  route: string | null;
}

export interface ActorDescription {
  name: string;
  route: string | null;
}

type Inspector = (event: InspectionEvent) => void;

/**
 * The one owner of the app's long-lived actors. Every root actor is created with `inspect` set to
 * this registry's `inspect`, so the registry sees every actor of its system (children included)
 * start, change and stop, and hands the same stream to whatever watches it (the online and the
 * offline inspector in development; nothing in production). Routes create theirs through
 * `useRegisteredActor` (src/routes/app-services.tsx), which names them and the route they belong to.
 */
export class ActorRegistry {
  private readonly running = new Map<AnyActorRef, ActorEntry>();
  /** Kept apart from `running`: a restarted actor (React's development double mount) keeps its name. */
  private readonly descriptions = new WeakMap<AnyActorRef, ActorDescription>();
  private readonly inspectors = new Set<Inspector>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  /** Passed as `inspect` to every root actor this registry owns. */
  readonly inspect: Inspector = (event) => {
    this.track(event);
    for (const inspector of this.inspectors) {
      // Inspection runs inside the actors' own steps: a failing inspector must not fail them.
      try {
        inspector(event);
      } catch (error) {
        console.warn('An actor inspector failed', error);
      }
    }
  };

  /** A root actor this registry owns and watches, not started yet (its page starts and stops it). */
  create<TLogic extends AnyActorLogic>(logic: TLogic, options: ActorOptions<TLogic>, description: ActorDescription): Actor<TLogic> {
    const actor = createActor(logic, { ...options, inspect: this.inspect } as never) as Actor<TLogic>;
    this.describe(actor, description);
    return actor;
  }

  /** Names a root actor and the route that owns it (children are named by their parent). */
  describe(actor: AnyActorRef, description: ActorDescription): void {
    this.descriptions.set(actor, description);
    const entry = this.running.get(actor);
    if (entry) this.running.set(actor, { ...entry, ...description });
    this.changed();
  }

  /** Every inspection event of every owned actor from now on; returns the way to stop. */
  observe(inspector: Inspector): () => void {
    this.inspectors.add(inspector);
    return () => this.inspectors.delete(inspector);
  }

  /** The actors running now, parents before their children. */
  list(): ActorEntry[] {
    return [...this.running.values()];
  }

  /** Called whenever an actor starts, is named or stops; `snapshotVersion` changes with it. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  snapshotVersion(): number {
    return this.version;
  }

  private track(event: InspectionEvent): void {
    const actor = event.actorRef as AnyActorRef;
    // Stopped, done or failed: no longer running (a finished promise leaves, an ended flow too).
    if (event.type === '@xstate.snapshot' && (event.snapshot as { status?: string }).status !== 'active') {
      if (this.running.delete(actor)) this.changed();
      return;
    }
    // Running means started: an actor only created (React's development double render makes one
    // it throws away) is not the registry's.
    if (this.running.has(actor) || event.type !== '@xstate.snapshot') return;
    const parent = (actor as { _parent?: AnyActorRef })._parent ?? null;
    const description = this.descriptions.get(actor);
    const machineId = (actor as { logic?: { id?: string } }).logic?.id;
    const name = description?.name ?? (parent ? actor.id : (machineId ?? actor.id));
    this.running.set(actor, { actor, name, parent, route: description?.route ?? (parent ? (this.running.get(parent)?.route ?? null) : null) });
    this.changed();
  }

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}
