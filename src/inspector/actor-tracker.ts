import type { AnyActorRef, InspectionEvent } from 'xstate';
import type { ActorRegistry } from '../routes/shell/actor-registry';
import { ChangeSource } from './change-source';

/** A running actor of the registry: its name, parent and the route that started it. */
export interface ActorEntry {
  actor: AnyActorRef;
  name: string;
  parent: AnyActorRef | null;
  route: string | null;
}

/**
 * Which of the registry's actors run now, from its inspection events: an actor counts once it
 * started (React's development double render creates one it throws away) and until it stops, ends
 * or fails. Children inherit their root's route.
 */
export class ActorTracker extends ChangeSource {
  private readonly running = new Map<AnyActorRef, ActorEntry>();

  constructor(private readonly registry: ActorRegistry) {
    super();
  }

  readonly track = (event: InspectionEvent): void => {
    if (event.type !== '@xstate.snapshot') return;
    const actor = event.actorRef as AnyActorRef;
    if ((event.snapshot as { status?: string }).status !== 'active') {
      if (this.running.delete(actor)) this.changed();
      return;
    }
    const description = this.registry.descriptionOf(actor);
    const known = this.running.get(actor);
    if (known && (!description || known.route === description.route)) return;
    const parent = (actor as { _parent?: AnyActorRef })._parent ?? null;
    const machineId = (actor as { logic?: { id?: string } }).logic?.id;
    this.running.set(actor, {
      actor,
      name: description?.name ?? (parent ? actor.id : (machineId ?? actor.id)),
      parent,
      route: description?.route ?? (parent ? (this.running.get(parent)?.route ?? null) : null),
    });
    this.changed();
  };

  list(): ActorEntry[] {
    return [...this.running.values()];
  }
}
