import { createActor, type Actor, type ActorOptions, type AnyActorLogic, type AnyActorRef, type InspectionEvent } from 'xstate';

export interface ActorDescription {
  /** What the actor is called (e.g. `trading`). */
  name: string;
  /** The path of the page that started it; null for the app's own root actor. */
  route: string | null;
}

type Inspector = (event: InspectionEvent) => void;

/**
 * The one owner of the app's long-lived actors. Every root actor is created with `inspect` set to
 * this registry's `inspect`, so every inspection event of its system (children included) passes
 * here, to whatever watches (the online and the offline inspector in development; nothing in
 * production, where this stays this small). Routes create theirs through `useRegisteredActor`
 * (src/routes/app-services.tsx), which names them and the route they belong to; the app's own
 * long-lived actors (the session) are kept here by their systemId for the life of the app
 * (`keep`), and pages read them through hooks (`kept`, `whenKept`).
 */
export class ActorRegistry {
  private readonly descriptions = new WeakMap<AnyActorRef, ActorDescription>();
  private readonly inspectors = new Set<Inspector>();
  private readonly kept = new Map<string, AnyActorRef>();
  private readonly awaited = new Map<string, { promise: Promise<AnyActorRef>; resolve: (actor: AnyActorRef) => void }>();

  /** Passed as `inspect` to every root actor this registry owns. */
  readonly inspect: Inspector = (event) => {
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

  /**
   * Creates, starts and keeps a root actor of the app itself (no route owns it) under its
   * systemId until the app stops: pages come and go, it stays.
   */
  keep<TLogic extends AnyActorLogic>(systemId: string, logic: TLogic, options: ActorOptions<TLogic>): Actor<TLogic> {
    const actor = this.create(logic, { ...options, systemId }, { name: systemId, route: null });
    this.kept.set(systemId, actor);
    actor.start();
    this.awaiting(systemId).resolve(actor);
    return actor;
  }

  /** The kept actor of `systemId`, or undefined while it is not kept yet. */
  keptActor(systemId: string): AnyActorRef | undefined {
    return this.kept.get(systemId);
  }

  /** The kept actor of `systemId` once it is kept (the same promise every time, as React's `use` wants). */
  whenKept(systemId: string): Promise<AnyActorRef> {
    return this.awaiting(systemId).promise;
  }

  /** Stops every kept actor: the app stops. */
  stopKept(): void {
    for (const actor of this.kept.values()) actor.stop();
    this.kept.clear();
    this.awaited.clear();
  }

  private awaiting(systemId: string) {
    let entry = this.awaited.get(systemId);
    if (!entry) {
      let resolve: (actor: AnyActorRef) => void = () => undefined;
      const promise = new Promise<AnyActorRef>((done) => {
        resolve = done;
      });
      entry = { promise, resolve };
      this.awaited.set(systemId, entry);
    }
    return entry;
  }

  /** Names a root actor and the route that owns it (children are named by their parent). */
  describe(actor: AnyActorRef, description: ActorDescription): void {
    this.descriptions.set(actor, description);
  }

  descriptionOf(actor: AnyActorRef): ActorDescription | undefined {
    return this.descriptions.get(actor);
  }

  /** Every inspection event of every owned actor from now on; returns the way to stop. */
  observe(inspector: Inspector): () => void {
    this.inspectors.add(inspector);
    return () => this.inspectors.delete(inspector);
  }
}
