import { sql, type Kysely, type Transaction } from 'kysely';
import sanitizeHtml from 'sanitize-html';
import type { DB } from '../../db/schema';
import { DEFAULT_LOCALE, type Locale, type Notification } from '../../../../src/api/contract/envelope';
import { inReaderLanguage, translate } from '../../i18n';
import type { LocalizedTexts } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** A text the server writes: a translation key and its values (HTML-safe), rendered when read. */
export interface NotificationMessage {
  key: string;
  params: Record<string, string | number>;
}

export interface NewNotification {
  userId: number;
  /** HTML; only inline formatting and links survive. With `message`, the title in the language it is sent in now. */
  title: string;
  /** Set for texts the server writes: each reader reads them in their own language. */
  message?: NotificationMessage;
  /** An operator's text per language (HTML like `title`): read in the reader's language, else the other. */
  titles?: LocalizedTexts;
  type: Notification['type'];
  display: Notification['display'];
  /** An app path ('/finances') or null. */
  redirectUrl: string | null;
}

/** How many unclosed notifications the envelope carries at most. */
const ENVELOPE_NOTIFICATIONS = 20;

const TITLE_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'strong', 'i', 'em', 'u', 'br', 'span', 'a'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowProtocolRelative: false,
};

/** Only same-site paths: a notification never sends the trader elsewhere. */
const safeRedirect = (url: string | null) => (url && /^\/(?!\/)[^\s]*$/.test(url) ? url : null);

const sanitizeTitle = (html: string) => sanitizeHtml(html, TITLE_HTML);

/** A sanitizer that cleans each distinct title once: a settlement's thousands of results share few titles. */
function sanitizeOnce(): (html: string) => string {
  const sanitized = new Map<string, string>();
  return (html) => {
    let clean = sanitized.get(html);
    if (clean === undefined) sanitized.set(html, (clean = sanitizeTitle(html)));
    return clean;
  };
}

type Row = {
  id: number;
  title: string;
  type: Notification['type'];
  display: Notification['display'];
  redirect_url: string | null;
  created_at: Date;
  message_key: string | null;
  message_params: Record<string, string | number>;
  titles: LocalizedTexts | null;
};
/** The stored notification as the contract shapes it: a server message rendered in `locale`, as safe HTML. */
const toNotification = (row: Row, locale: Locale, sanitize = sanitizeTitle): Notification => ({
  notification_id: String(row.id),
  title: row.message_key
    ? sanitize(translate(locale, row.message_key, row.message_params))
    : (inReaderLanguage(row.titles, locale) ?? row.title),
  type: row.type,
  display: row.display,
  redirect_url: row.redirect_url,
  created_at: row.created_at.toISOString(),
});

/**
 * Stores a notification for a user in the caller's transaction and returns it as the contract
 * shapes it. After the commit the caller sends it live:
 * `app.bus.toUser(userId, { type: 'notification', notification })`.
 */
export async function createNotification(trx: Db, input: NewNotification, locale: Locale = DEFAULT_LOCALE): Promise<Notification> {
  const [notification] = await createNotifications(trx, [input], [locale]);
  return notification!;
}

/**
 * Stores several notifications in the caller's transaction and returns them in the order given.
 * The ids and the creation time are taken first, so each input knows its row without reading
 * the rows back; then one insert of column arrays writes them all (a settlement writes thousands:
 * a statement with a parameter per value would cost PostgreSQL more to parse than to store).
 */
export async function createNotifications(trx: Db, inputs: NewNotification[], locales: Locale[] = []): Promise<Notification[]> {
  if (inputs.length === 0) return [];
  const sanitize = sanitizeOnce();
  const { rows: numbered } = await sql<{ id: string; created_at: Date }>`
    select nextval(pg_get_serial_sequence('notifications', 'id')) as id, now() as created_at
    from generate_series(1, ${inputs.length}::int)`.execute(trx);
  const rows: (Row & { user_id: number })[] = inputs.map((input, index) => ({
    id: Number(numbered[index]!.id),
    user_id: input.userId,
    title: sanitize(input.title),
    type: input.type,
    display: input.display,
    redirect_url: safeRedirect(input.redirectUrl),
    created_at: numbered[index]!.created_at,
    message_key: input.message?.key ?? null,
    message_params: input.message?.params ?? {},
    titles: input.titles ? Object.fromEntries(Object.entries(input.titles).map(([locale, text]) => [locale, sanitize(text)])) : null,
  }));
  const column = <T>(pick: (row: (typeof rows)[number]) => T) => rows.map(pick);
  await sql`
    insert into notifications (id, user_id, title, type, display, redirect_url, created_at, message_key, message_params, titles)
    select id, user_id, title, type, display, redirect_url, created_at, message_key, message_params::jsonb, titles::jsonb
    from unnest(
      ${column((r) => r.id)}::bigint[], ${column((r) => r.user_id)}::bigint[], ${column((r) => r.title)}::text[],
      ${column((r) => r.type)}::text[], ${column((r) => r.display)}::text[], ${column((r) => r.redirect_url)}::text[],
      ${column((r) => r.created_at)}::timestamptz[], ${column((r) => r.message_key)}::text[],
      ${column((r) => JSON.stringify(r.message_params))}::text[], ${column((r) => (r.titles ? JSON.stringify(r.titles) : null))}::text[]
    ) as n (id, user_id, title, type, display, redirect_url, created_at, message_key, message_params, titles)`.execute(trx);
  return rows.map((row, index) => toNotification(row, locales[index] ?? DEFAULT_LOCALE, sanitize));
}

/** A stored notification as read, before it is put in a reader's language. */
export type StoredNotification = Row;

/**
 * The unclosed 'inner' notifications of several users in one statement, newest first, by user (a
 * user without any maps to []). They stay unrendered: each reader reads them in their own
 * language (`inLanguage`).
 */
export async function openNotificationsOf(db: Db, userIds: number[], limit = ENVELOPE_NOTIFICATIONS): Promise<Map<number, StoredNotification[]>> {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('notifications')
        .select(['id', 'user_id', 'title', 'type', 'display', 'redirect_url', 'created_at', 'message_key', 'message_params', 'titles'])
        .select(sql<number>`row_number() over (partition by user_id order by id desc)`.as('rank'))
        .where('user_id', 'in', userIds)
        .where('display', '=', 'inner')
        .where('closed_at', 'is', null)
        .as('open'),
    )
    .selectAll()
    .where('rank', '<=', limit)
    .orderBy('id', 'desc')
    .execute();
  const byUser = new Map<number, StoredNotification[]>(userIds.map((id) => [id, []]));
  for (const row of rows) byUser.get(row.user_id)?.push(row);
  return byUser;
}

/** Stored notifications as the contract shapes them, server messages in the reader's `locale`. */
export const inLanguage = (rows: StoredNotification[], locale: Locale): Notification[] => rows.map((row) => toNotification(row, locale));

/** Closes one of the user's own notifications; false when there is no such open notification. */
export async function closeNotification(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .updateTable('notifications')
    .set({ closed_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
