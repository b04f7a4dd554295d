import { useEffect, useState } from 'react';
import type { AnyActorRef } from 'xstate';

/**
 * How long a flow waits for the page of the path it wrote. That page may first load its chunk
 * and render on a busy machine, so the wait is long; it only bounds a flow nobody took over.
 */
export const HAND_OVER_MS = 60_000;

/**
 * Where a flow that outlives its page's mounts is kept. The route outlet mounts a page afresh
 * whenever its path changes; a flow that writes each of its steps into the path (withdraw) would
 * start over at every step. So before the flow changes the path it hands itself over, and the
 * page that mounts for that path takes it over; any other arrival (a link, a reload, the
 * history) starts a new flow, and leaving the page any other way stops it.
 */
export class KeptActorSlot<A extends AnyActorRef> {
  private actor: A | null = null;
  /** Mounted pages showing the kept actor. */
  private owners = 0;
  private handingOver = false;
  /** Counts releases, so only the latest one may stop the actor. */
  private releases = 0;

  /** The kept actor when `resumes(actor)` says this mount continues it, else a new started one. */
  take(resumes: (actor: A) => boolean, create: () => A): A {
    this.handingOver = false;
    const kept = this.actor;
    if (kept && resumes(kept)) return kept;
    kept?.stop();
    const fresh = create();
    fresh.start();
    this.actor = fresh;
    return fresh;
  }

  /** The flow is about to change the path itself: the page mounted for it will carry it on. */
  handOver(): void {
    this.handingOver = true;
  }

  /** A mounted page shows `actor`; the returned release stops it unless a page takes it over. */
  hold(actor: A): () => void {
    this.owners += 1;
    return () => {
      this.owners -= 1;
      const release = ++this.releases;
      // Without a hand-over, the next tick still lets a remount in the same commit keep it.
      setTimeout(
        () => {
          if (release === this.releases && this.owners === 0 && this.actor === actor) {
            actor.stop();
            this.actor = null;
          }
        },
        this.handingOver ? HAND_OVER_MS : 0,
      );
    };
  }
}

export function useKeptActor<A extends AnyActorRef>(slot: KeptActorSlot<A>, resumes: (actor: A) => boolean, create: () => A): A {
  const [actor] = useState(() => slot.take(resumes, create));
  useEffect(() => slot.hold(actor), [slot, actor]);
  return actor;
}
