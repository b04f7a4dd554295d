import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { PlaceBetRequest } from '../../../../src/api/contract/bets';
import { ApiError } from '../../http/errors';
import { DEFAULT_LIMITS, type BetLimits, type PlacementOrder } from './placement-decision';
import { placeGroup, type Placement, type PlacementOutcome } from './placement';

export interface PlacementGroupOptions {
  /** The most placements one transaction carries. */
  maxGroup?: number;
  /** Groups committing at once: 1 on PGlite (one connection), a few on PostgreSQL's pool. */
  maxInFlight?: number;
  limits?: BetLimits;
  /**
   * A placement still waiting for its group this long after it arrived is answered 503
   * `unavailable` with Retry-After, writing nothing: when placements arrive faster than the groups
   * commit, the ones the server can take are answered in time and the rest are shed at once,
   * instead of every one of them waiting until its caller gave up.
   */
  maxWaitMs?: number;
  /** Told each group's size once it committed (the metrics' histogram). */
  onGroup?: (size: number) => void;
}

interface Waiting extends PlacementOrder {
  resolve: (placement: Placement) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit of placements: the placements that arrive while a group commits (or within the
 * same turn of the event loop when none does) go together into the next group, up to `maxGroup`.
 * Each caller is answered with its own outcome after its group's COMMIT. When a group's
 * transaction itself fails (a lost connection, a deadlock on PostgreSQL), each of its placements
 * is tried again alone, so that no placement fails for a neighbour's sake.
 */
export class PlacementGroups {
  private readonly queue: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly maxGroup: number;
  private readonly maxInFlight: number;
  private readonly limits: BetLimits;
  private readonly maxWaitMs: number;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: PlacementGroupOptions = {},
  ) {
    this.maxGroup = options.maxGroup ?? 100;
    this.maxInFlight = options.maxInFlight ?? 1;
    this.limits = options.limits ?? DEFAULT_LIMITS;
    this.maxWaitMs = options.maxWaitMs ?? 1000;
  }

  place(userId: number, key: string, request: PlaceBetRequest, now = Date.now(), sessionHash?: string | null): Promise<Placement> {
    return new Promise((resolve, reject) => {
      this.queue.push({ userId, key, request, now, sessionHash, resolve, reject });
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.queue.length === 0) return;
    this.scheduled = true;
    // One turn of the event loop: the requests whose bodies were read in this turn join the group.
    setImmediate(() => {
      this.scheduled = false;
      this.startGroup();
    });
  }

  private startGroup() {
    if (this.inFlight >= this.maxInFlight || this.queue.length === 0) return;
    const late = Date.now() - this.maxWaitMs;
    while (this.queue.length > 0 && this.queue[0]!.now < late) {
      this.queue.shift()!.reject(new ApiError('unavailable', { retryAfter: 1 }));
    }
    if (this.queue.length === 0) return;
    const group: Waiting[] = [];
    const keys = new Set<string>();
    for (let i = 0; i < this.queue.length && group.length < this.maxGroup; ) {
      const waiting = this.queue[i]!;
      const id = `${waiting.userId}:${waiting.key.toLowerCase()}`;
      // The same key twice waits for the next group, which then finds the first one's answer.
      if (keys.has(id)) {
        i += 1;
        continue;
      }
      keys.add(id);
      group.push(waiting);
      this.queue.splice(i, 1);
    }
    this.inFlight += 1;
    void this.commit(group).finally(() => {
      this.inFlight -= 1;
      this.schedule();
    });
  }

  private async commit(group: Waiting[]) {
    let outcomes: PlacementOutcome[];
    try {
      outcomes = await placeGroup(this.db, group, this.limits);
    } catch (error) {
      if (group.length === 1) {
        group[0]!.reject(error);
        return;
      }
      outcomes = [];
      for (const waiting of group) {
        try {
          outcomes.push((await placeGroup(this.db, [waiting], this.limits))[0]!);
        } catch (alone) {
          outcomes.push({ error: alone });
        }
      }
    }
    this.options.onGroup?.(group.length);
    group.forEach((waiting, i) => {
      const outcome = outcomes[i]!;
      if ('error' in outcome) waiting.reject(outcome.error);
      else waiting.resolve(outcome.placement);
    });
  }
}
