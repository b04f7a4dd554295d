import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The latest deposits, newest first, with the provider that handles each one's payment system: a
 * deposit completes only on a verified notification from that very provider (the webhook checks
 * the payment's provider), so for a completed deposit it is the provider that paid.
 */
export function recentDeposits(db: Kysely<DB>, limit = 200) {
  return db
    .selectFrom('deposits as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .innerJoin('payment_systems as ps', 'ps.id', 'd.ps_id')
    .select(['d.id', 'd.amount_cents', 'd.status', 'd.created_at', 'u.email', 'u.account_id', 'ps.name as system', 'ps.slug as system_slug', 'ps.provider'])
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}
