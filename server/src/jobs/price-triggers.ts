import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/schema';
import type { StoredTick } from '../feed/tick-store';
import type { RealtimeBus } from '../realtime/bus';
import { runOrderTriggers } from '../modules/orders/triggers';
import { runAlertTriggers } from '../modules/alerts/service';

export interface PriceTriggers {
  /** Told each second's stored ticks by the feed; they are looked at in the order they came. */
  onTicks(ticks: StoredTick[]): void;
  stop(): Promise<void>;
}

/**
 * Pending orders and price alerts, driven by the feed on the node that runs it: each second's
 * ticks, once stored, are matched against the waiting orders and alerts, one second after the
 * other (never skipped: the first tick meeting a condition is the one that counts). Exactly once
 * does not rest on this being the only runner: every trigger is a conditional update.
 */
export function startPriceTriggers(db: Kysely<DB>, effects: { bus: RealtimeBus; log: FastifyBaseLogger }): PriceTriggers {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const run = async (ticks: StoredTick[]) => {
    if (stopped) return;
    const now = Date.now();
    try {
      await runOrderTriggers(db, ticks, now, effects);
    } catch (error) {
      effects.log.error({ err: error }, 'pending orders: ticks not matched');
    }
    try {
      await runAlertTriggers(db, ticks, now, effects);
    } catch (error) {
      effects.log.error({ err: error }, 'price alerts: ticks not matched');
    }
  };
  return {
    onTicks: (ticks) => {
      running = running.then(() => run(ticks));
    },
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}
