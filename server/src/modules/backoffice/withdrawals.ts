import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Pending withdrawals for the operators' queue, oldest first. */
export function pendingWithdrawals(db: Kysely<DB>, limit = 200) {
  return db
    .selectFrom('withdrawals as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .innerJoin('payment_systems as ps', 'ps.id', 'w.ps_id')
    .select(['w.id', 'w.amount_cents', 'w.fee_cents', 'w.receive_cents', 'w.created_at', 'u.email', 'u.account_id', 'ps.name as system', 'ps.slug as system_slug'])
    .where('w.status', '=', 'pending')
    .orderBy('w.id')
    .limit(limit)
    .execute();
}
