import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Queues an email in the caller's transaction: it is sent only if the change that caused it is
 * committed, and a crash between commit and delivery loses nothing (the sender retries).
 */
export async function queueEmail(db: Db, email: OutgoingEmail): Promise<number> {
  const row = await db
    .insertInto('email_outbox')
    .values({ to_address: email.to, subject: email.subject, text: email.text, html: email.html })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The newest emails first, for the development mailbox. */
export async function recentEmails(db: Db, limit = 100) {
  return db
    .selectFrom('email_outbox')
    .select(['id', 'to_address', 'subject', 'text', 'html', 'created_at', 'sent_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
