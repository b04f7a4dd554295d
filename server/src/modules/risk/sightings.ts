import fp from 'fastify-plugin';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { knownDevice } from '../auth/device';

type Db = Kysely<DB> | Transaction<DB>;

/** Sightings already stored by this process: each (account, address or device) is written once a process, not once a request. */
const MAX_REMEMBERED = 50_000;

/** Remembers where a signed-in account was seen (address, device): the shared-origin signal reads it. */
async function recordSighting(db: Db, userId: number, kind: 'ip' | 'device', value: string): Promise<void> {
  await db
    .insertInto('account_sightings')
    .values({ user_id: userId, kind, value })
    .onConflict((oc) => oc.columns(['kind', 'value', 'user_id']).doUpdateSet({ last_seen_at: sql`now()` }))
    .execute();
}

/**
 * Where signed-in traders are seen from: their address and their browser's device id (the signed
 * device cookie of the security work). The shared-origin signal groups accounts by them. Written
 * after a successful response, so no request waits for it.
 */
export const sightingsPlugin = fp(async (app) => {
  const seen = new Set<string>();
  app.addHook('onResponse', async (request, reply) => {
    const user = request.user;
    // Only answered requests: a refused one changes nothing, not even this.
    if (!user || user.role !== 'trader' || reply.statusCode >= 400) return;
    const device = knownDevice(request);
    const marks: ['ip' | 'device', string][] = [['ip', request.ip]];
    if (device && device.userId === user.id) marks.push(['device', device.deviceId]);
    for (const [kind, value] of marks) {
      const key = `${user.id}|${kind}|${value}`;
      if (seen.has(key)) continue;
      if (seen.size >= MAX_REMEMBERED) seen.clear();
      seen.add(key);
      try {
        await recordSighting(app.database.db, user.id, kind, value);
      } catch (error) {
        // The account may be gone meanwhile; a missed sighting costs one signal's evidence, never the request.
        seen.delete(key);
        request.log.debug({ err: error }, 'sighting not stored');
      }
    }
  });
});
