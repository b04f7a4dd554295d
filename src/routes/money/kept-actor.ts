import { useEffect, useState } from 'react';
import type { AnyActorRef } from 'xstate';

/**
 * Where a flow that outlives its page's mounts is kept. The route outlet mounts a page afresh
 * whenever its path changes; a flow that writes each of its steps into the path (withdraw) would
 * start over at every step. So the page that mounts for the path the running flow has just
 * written takes that flow over, and any other arrival (a link, a reload, the history) starts a
 * new one.
 */
export class KeptActorSlot<A extends AnyActorRef> {
  private actor: A | null = null;
  /** Mounted pages showing the kept actor. */
  private owners = 0;

  /** The kept actor when `resumes(actor)` says this mount continues it, else a new started one. */
  take(resumes: (actor: A) => boolean, create: () => A): A {
    const kept = this.actor;
    if (kept && resumes(kept)) return kept;
    kept?.stop();
    const fresh = create();
    fresh.start();
    this.actor = fresh;
    return fresh;
  }

  /** A mounted page shows `actor`; the returned release stops it unless another page took it over. */
  hold(actor: A): () => void {
    this.owners += 1;
    return () => {
      this.owners -= 1;
      // The next page mounts after this cleanup, in the same commit: look once it had its chance.
      setTimeout(() => {
        if (this.owners === 0 && this.actor === actor) {
          actor.stop();
          this.actor = null;
        }
      }, 0);
    };
  }
}

export function useKeptActor<A extends AnyActorRef>(slot: KeptActorSlot<A>, resumes: (actor: A) => boolean, create: () => A): A {
  const [actor] = useState(() => slot.take(resumes, create));
  useEffect(() => slot.hold(actor), [slot, actor]);
  return actor;
}
