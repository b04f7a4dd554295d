import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { ChatKind, MessageAuthor, SupportMessage } from '../../../../src/api/contract/support';
import type { StoredFile } from './attachments';

type Db = Kysely<DB> | Transaction<DB>;

export interface ConversationRow {
  id: number;
  user_id: number;
  kind: ChatKind;
  manager_id: number | null;
  user_last_read: number | null;
  operator_last_read: number | null;
  last_message_at: Date | null;
}

const conversationColumns = [
  'id', 'user_id', 'kind', 'manager_id', 'user_last_read', 'operator_last_read', 'last_message_at',
] as const;

/** The trader's conversation of a kind, made on first use. */
export async function ensureConversation(db: Db, userId: number, kind: ChatKind): Promise<ConversationRow> {
  await db
    .insertInto('conversations')
    .values({ user_id: userId, kind })
    .onConflict((oc) => oc.constraint('conversations_one_per_kind').doNothing())
    .execute();
  return db
    .selectFrom('conversations')
    .select(conversationColumns)
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
}

export function findConversation(db: Db, id: number): Promise<ConversationRow | undefined> {
  return db.selectFrom('conversations').select(conversationColumns).where('id', '=', id).executeTakeFirst();
}

const attachmentUrl = (id: string) => `/api/support/file/${id}`;

/** Messages with their attachments, oldest first, in the wire shape. */
async function withAttachments(
  db: Db,
  rows: { id: number; author: MessageAuthor; text: string; created_at: Date }[],
): Promise<SupportMessage[]> {
  if (rows.length === 0) return [];
  const files = await db
    .selectFrom('message_attachments')
    .select(['id', 'message_id', 'name', 'size', 'type'])
    .where('message_id', 'in', rows.map((r) => r.id))
    .orderBy('created_at')
    .orderBy('name')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    author: row.author,
    text: row.text,
    created_at: row.created_at.toISOString(),
    files: files
      .filter((f) => f.message_id === row.id)
      .map((f) => ({ id: f.id, name: f.name, size: f.size, type: f.type, url: attachmentUrl(f.id) })),
  }));
}

/** Page 1 is the newest `perPage` messages; each page is returned oldest first. */
export async function messagePage(db: Db, conversationId: number, page: number, perPage: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('conversation_messages')
      .select(['id', 'author', 'text', 'created_at'])
      .where('conversation_id', '=', conversationId)
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('conversation_messages')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('conversation_id', '=', conversationId)
      .executeTakeFirstOrThrow(),
  ]);
  return { items: await withAttachments(db, rows.reverse()), total: Number(count.total) };
}

export async function lastMessage(db: Db, conversationId: number): Promise<SupportMessage | null> {
  const row = await db
    .selectFrom('conversation_messages')
    .select(['id', 'author', 'text', 'created_at'])
    .where('conversation_id', '=', conversationId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? ((await withAttachments(db, [row]))[0] ?? null) : null;
}

export async function messagesByIds(db: Db, ids: number[]): Promise<SupportMessage[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('conversation_messages')
    .select(['id', 'author', 'text', 'created_at'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  return withAttachments(db, rows);
}

export async function hasUserMessages(db: Db, conversationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('conversation_messages')
    .select('id')
    .where('conversation_id', '=', conversationId)
    .where('author', '=', 'user')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewMessage {
  conversationId: number;
  author: MessageAuthor;
  operatorId?: number | null;
  text: string;
  files?: StoredFile[];
}

export async function insertMessage(trx: Transaction<DB>, message: NewMessage): Promise<number> {
  const { id } = await trx
    .insertInto('conversation_messages')
    .values({
      conversation_id: message.conversationId,
      author: message.author,
      operator_id: message.operatorId ?? null,
      text: message.text,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (message.files?.length) {
    await trx
      .insertInto('message_attachments')
      .values(message.files.map((f) => ({ id: f.id, message_id: id, name: f.name, size: f.size, type: f.type })))
      .execute();
  }
  await trx.updateTable('conversations').set({ last_message_at: sql`now()` }).where('id', '=', message.conversationId).execute();
  return id;
}

/**
 * Moves a read marker forward, never back and never past the conversation's last message, and
 * answers where it now stands.
 */
export async function moveReadMarker(
  db: Db,
  conversationId: number,
  side: 'user_last_read' | 'operator_last_read',
  messageId: number,
): Promise<number | null> {
  const newest = sql<number>`(select max(id) from conversation_messages where conversation_id = ${conversationId})`;
  const row = await db
    .updateTable('conversations')
    .set({ [side]: sql`greatest(coalesce(${sql.ref(side)}, 0), least(${messageId}, coalesce(${newest}, 0)))` })
    .where('id', '=', conversationId)
    .returning(side)
    .executeTakeFirst();
  const marker = row?.[side] ?? null;
  return marker === 0 ? null : marker;
}

/** Messages from the team the trader has not seen, per conversation of the trader. */
export async function unreadByConversation(db: Db, userId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('conversations as c')
    .innerJoin('conversation_messages as m', 'm.conversation_id', 'c.id')
    .select(['c.id', (eb) => eb.fn.countAll<number>().as('unread')])
    .where('c.user_id', '=', userId)
    .where('m.author', '!=', 'user')
    .where((eb) => eb('m.id', '>', eb.fn.coalesce('c.user_last_read', sql<number>`0`)))
    .groupBy('c.id')
    .execute();
  return new Map(rows.map((r) => [r.id, Number(r.unread)]));
}

/** unreadForUser of several users in one statement, by user (a user without any maps to 0). */
export async function unreadOfUsers(db: Db, userIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('conversations as c')
    .innerJoin('conversation_messages as m', 'm.conversation_id', 'c.id')
    .select(['c.user_id', (eb) => eb.fn.countAll<number>().as('unread')])
    .where('c.user_id', 'in', userIds)
    .where('m.author', '!=', 'user')
    .where((eb) => eb('m.id', '>', eb.fn.coalesce('c.user_last_read', sql<number>`0`)))
    .groupBy('c.user_id')
    .execute();
  return new Map(userIds.map((id) => [id, Number(rows.find((r) => r.user_id === id)?.unread ?? 0)]));
}

export async function unreadForUser(db: Db, userId: number): Promise<number> {
  let total = 0;
  for (const count of (await unreadByConversation(db, userId)).values()) total += count;
  return total;
}

export async function userConversations(db: Db, userId: number): Promise<ConversationRow[]> {
  return db.selectFrom('conversations').select(conversationColumns).where('user_id', '=', userId).orderBy('kind', 'desc').execute();
}

export async function managerName(db: Db, managerId: number | null): Promise<string | null> {
  if (managerId === null) return null;
  const row = await db.selectFrom('users').select(['first_name', 'email']).where('id', '=', managerId).executeTakeFirst();
  return row ? (row.first_name ?? row.email.split('@')[0] ?? null) : null;
}

/** The attachment with the owner of its conversation, for the privacy check. */
export function findAttachment(db: Db, id: string) {
  return db
    .selectFrom('message_attachments as a')
    .innerJoin('conversation_messages as m', 'm.id', 'a.message_id')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['a.id', 'a.name', 'a.size', 'a.type', 'c.user_id'])
    .where('a.id', '=', id)
    .executeTakeFirst();
}

/** For the back office: every conversation with a message, the ones awaiting an answer first. */
export async function conversationsForOperators(db: Db, limit = 200) {
  return db
    .selectFrom('conversations as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select((eb) => [
      'c.id',
      'c.kind',
      'c.user_id',
      'c.last_message_at',
      'u.email',
      'u.account_id',
      eb
        .selectFrom('conversation_messages as m')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('m.conversation_id', '=', 'c.id')
        .where('m.author', '=', 'user')
        .where((e) => e('m.id', '>', e.fn.coalesce('c.operator_last_read', sql<number>`0`)))
        .as('awaiting'),
    ])
    .where('c.last_message_at', 'is not', null)
    .orderBy('awaiting', 'desc')
    .orderBy('c.last_message_at', 'desc')
    .limit(limit)
    .execute();
}

/** Bytes of the files a trader attached to their own messages, in all or since `since`. */
export async function uploadedBytes(db: Db, userId: number, since?: Date): Promise<number> {
  let query = db
    .selectFrom('message_attachments as a')
    .innerJoin('conversation_messages as m', 'm.id', 'a.message_id')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(sql<string>`coalesce(sum(a.size), 0)`.as('bytes'))
    .where('c.user_id', '=', userId)
    .where('m.author', '=', 'user');
  if (since) query = query.where('a.created_at', '>', since);
  const row = await query.executeTakeFirstOrThrow();
  // The identity documents sent for verification count against the same allowance.
  let documents = db.selectFrom('kyc_documents').select(sql<string>`coalesce(sum(size), 0)`.as('bytes')).where('user_id', '=', userId);
  if (since) documents = documents.where('created_at', '>', since);
  const kyc = await documents.executeTakeFirstOrThrow();
  return Number(row.bytes) + Number(kyc.bytes);
}
