import type { FastifyInstance } from 'fastify';
import { localOnly } from '../../http/local-only';
import fp from 'fastify-plugin';
import { recentEmails } from './outbox';
import { createEmailSender, type EmailSender } from './sender';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox sender: `kick()` after a commit that queued email; `deliverPending()` to await it. */
    emails: EmailSender & { kick: () => void };
  }
}

/** How often pending emails (a failed SMTP send, a crash before delivery) are retried. */
const RETRY_EVERY_MS = 30_000;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const MAILBOX = '/local/mailbox';

/**
 * The email outbox's delivery, and with DEV_PAGES=1 the development mailbox, to loopback clients
 * only: /local/mailbox (a page) and /local/mailbox.json (newest first; end-to-end tests read links
 * from it). It holds live reset links, so to anyone else it does not exist.
 */
export const emailModule = fp(async (app: FastifyInstance) => {
  const mailboxUrl = app.config.dev ? `${app.config.publicUrl}${MAILBOX}` : undefined;
  const sender = createEmailSender(app.database.db, app.log, app.config.smtpUrl, mailboxUrl);
  const kick = () => {
    // Tests drive delivery by hand; a failure is logged and retried by the timer.
    if (!app.config.runJobs) return;
    sender.deliverPending().catch((error: unknown) => app.log.error({ err: error }, 'email delivery run failed'));
  };
  app.decorate('emails', { ...sender, kick });
  if (app.config.runJobs) {
    const timer = setInterval(kick, RETRY_EVERY_MS);
    timer.unref();
    app.addHook('onReady', async () => kick());
    app.addHook('onClose', async () => {
      clearInterval(timer);
      sender.close();
    });
  }

  if (!app.config.dev) return;

  app.get(`${MAILBOX}.json`, localOnly, async () => {
    const emails = await recentEmails(app.database.db);
    return emails.map((e) => ({
      id: e.id,
      to: e.to_address,
      subject: e.subject,
      text: e.text,
      html: e.html,
      links: [...e.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]),
      created_at: e.created_at.toISOString(),
      sent_at: e.sent_at?.toISOString() ?? null,
    }));
  });

  app.get(MAILBOX, localOnly, async (_request, reply) => {
    const emails = await recentEmails(app.database.db);
    const items = emails
      .map(
        (e) => `<article><h2>${escapeHtml(e.subject)}</h2><p class="meta">#${e.id} · ${escapeHtml(e.to_address)} · ${e.created_at.toISOString()}</p>
<pre>${escapeHtml(e.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre></article>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox</title>
<link rel="stylesheet" href="${MAILBOX}.css"></head><body><h1>Mailbox (development)</h1>
${items || '<p>No emails yet.</p>'}</body></html>`);
  });

  app.get(`${MAILBOX}.css`, localOnly, async (_request, reply) =>
    reply.type('text/css').send(
      'body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;background:#111827;color:#e5e7eb}' +
        'article{border:1px solid #374151;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#9ca3af}' +
        'pre{white-space:pre-wrap;word-break:break-all}a{color:#60a5fa}',
    ),
  );
});
