import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

const MAX_ATTEMPTS = 5;
const FROM = 'FX Timed Bets <no-reply@fx-timed-bets.local>';

export interface EmailSender {
  /** Sends what is pending in the outbox; safe to call at any time, one run at a time. */
  deliverPending(): Promise<number>;
  close(): void;
}

/**
 * Delivers the outbox: through SMTP when `smtpUrl` is set, otherwise by noting each email in the
 * log (never its text or links, which carry one-time secrets); in development /local/mailbox
 * shows them in full.
 */
export function createEmailSender(db: Kysely<DB>, log: FastifyBaseLogger, smtpUrl: string | undefined): EmailSender {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  let running: Promise<number> | undefined;

  const run = async (): Promise<number> => {
    const pending = await db
      .selectFrom('email_outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .where('attempts', '<', MAX_ATTEMPTS)
      .orderBy('id')
      .limit(50)
      .execute();
    let sent = 0;
    for (const email of pending) {
      try {
        if (transport) {
          await transport.sendMail({ from: FROM, to: email.to_address, subject: email.subject, text: email.text, html: email.html });
        } else {
          // Never the text: its links carry one-time secrets. Development lists it at /local/mailbox.
          log.info({ email: { id: email.id, to: email.to_address, subject: email.subject } }, `email to ${email.to_address}: ${email.subject} (not sent: no SMTP_URL)`);
        }
        await db.updateTable('email_outbox').set({ sent_at: new Date(), attempts: email.attempts + 1 }).where('id', '=', email.id).execute();
        sent += 1;
      } catch (error) {
        log.warn({ err: error, emailId: email.id }, 'email delivery failed; will retry');
        await db
          .updateTable('email_outbox')
          .set({ attempts: email.attempts + 1, last_error: String(error).slice(0, 500) })
          .where('id', '=', email.id)
          .execute();
      }
    }
    return sent;
  };

  return {
    deliverPending: () => {
      running ??= run().finally(() => {
        running = undefined;
      });
      return running;
    },
    close: () => transport?.close(),
  };
}
