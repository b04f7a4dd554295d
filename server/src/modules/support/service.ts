import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { RealtimeBus } from '../../realtime/bus';
import type { Locale } from '../../../../src/api/contract/envelope';
import {
  MESSAGES_PER_PAGE,
  type Chat,
  type ChatKind,
  type MessagePage,
  type ReadMarkerResult,
  type SentMessages,
  type SupportMessage,
} from '../../../../src/api/contract/support';
import { ApiError } from '../../http/errors';
import { translate } from '../../i18n';
import { removeFiles, storeFiles, type IncomingFile } from './attachments';
import * as repo from './repo';
import type { ConversationRow } from './repo';

/** What the support rules need from the running server. */
export interface SupportDeps {
  db: Kysely<DB>;
  bus: RealtimeBus;
  /** Attachments live in `<dataDir>/uploads`. */
  dataDir: string;
  /** What one trader may attach: bytes per 24 hours and in all (UPLOAD_QUOTA_*). */
  uploadQuota: { dailyBytes: number; totalBytes: number };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const toMb = (bytes: number) => Math.floor(bytes / (1024 * 1024));

/**
 * Refuses files that would take the trader past the daily or the total upload quota, with a
 * translated `quota_exceeded`. Inside a transaction that locked the user's row, two uploads of
 * one trader at the same moment are counted one after the other.
 */
export async function refuseOverQuota(db: Kysely<DB> | Transaction<DB>, quota: SupportDeps['uploadQuota'], userId: number, files: IncomingFile[], now = new Date()) {
  const incoming = files.reduce((sum, file) => sum + file.data.length, 0);
  if (incoming === 0) return;
  if ((await repo.uploadedBytes(db, userId, new Date(now.getTime() - DAY_MS))) + incoming > quota.dailyBytes) {
    throw new ApiError('quota_exceeded', { message: { key: 'support.errors.quota_daily', params: { max: toMb(quota.dailyBytes) } } });
  }
  if ((await repo.uploadedBytes(db, userId)) + incoming > quota.totalBytes) {
    throw new ApiError('quota_exceeded', { message: { key: 'support.errors.quota_total', params: { max: toMb(quota.totalBytes) } } });
  }
}

export interface OutgoingMessage {
  text: string;
  files: IncomingFile[];
}

/** A message needs words or at least one file. */
function refuseEmpty(message: OutgoingMessage, textField: string): void {
  if (message.text.trim() === '' && message.files.length === 0) {
    throw new ApiError('validation', { fields: { [textField]: 'support.errors.empty' } });
  }
}

export const unreadCounts = (db: Kysely<DB>, userIds: number[]) => repo.unreadOfUsers(db, userIds);

/** Tells the trader's open pages the new unread count. */
async function pushUnread(deps: SupportDeps, userId: number): Promise<number> {
  const unread = await repo.unreadForUser(deps.db, userId);
  deps.bus.toUser(userId, { type: 'support', unread });
  return unread;
}

export async function conversationOfUser(db: Kysely<DB>, userId: number, id: number): Promise<ConversationRow> {
  const conversation = await repo.findConversation(db, id);
  // Another trader's conversation is answered exactly like a missing one.
  if (!conversation || conversation.user_id !== userId) throw new ApiError('not_found');
  return conversation;
}

export async function pageOf(db: Kysely<DB>, conversation: ConversationRow, page: number): Promise<MessagePage> {
  const { items, total } = await repo.messagePage(db, conversation.id, page, MESSAGES_PER_PAGE);
  return { items, page, per_page: MESSAGES_PER_PAGE, total, last_read_message: conversation.user_last_read };
}

export async function supportPage(db: Kysely<DB>, userId: number, page: number): Promise<MessagePage> {
  return pageOf(db, await repo.ensureConversation(db, userId, 'support'), page);
}

/**
 * A trader's message. Files are written first under generated names and removed again if the
 * message cannot be stored. The first message of the support thread is answered at once by an
 * automatic acknowledgement in the trader's language. Sending means the trader has seen the
 * thread, so the read marker moves past everything returned.
 */
export async function sendUserMessage(
  deps: SupportDeps,
  input: { userId: number; kind: ChatKind; conversationId?: number; locale: Locale; textField: string } & OutgoingMessage,
): Promise<SentMessages> {
  refuseEmpty(input, input.textField);
  const conversation =
    input.conversationId === undefined
      ? await repo.ensureConversation(deps.db, input.userId, input.kind)
      : await conversationOfUser(deps.db, input.userId, input.conversationId);
  // Checked before anything is written, and again under the user's row lock next to the insert.
  await refuseOverQuota(deps.db, deps.uploadQuota, input.userId, input.files);
  const stored = await storeFiles(deps.dataDir, input.files);
  let ids: number[];
  try {
    ids = await deps.db.transaction().execute(async (trx) => {
      if (input.files.length > 0) {
        await trx.selectFrom('users').select('id').where('id', '=', input.userId).forUpdate().executeTakeFirst();
        await refuseOverQuota(trx, deps.uploadQuota, input.userId, input.files);
      }
      const first = conversation.kind === 'support' && !(await repo.hasUserMessages(trx, conversation.id));
      const written = [await repo.insertMessage(trx, { conversationId: conversation.id, author: 'user', text: input.text, files: stored })];
      if (first) {
        written.push(
          await repo.insertMessage(trx, {
            conversationId: conversation.id,
            author: 'system',
            text: translate(input.locale, 'support.auto_ack'),
          }),
        );
      }
      return written;
    });
  } catch (error) {
    await removeFiles(deps.dataDir, stored);
    throw error;
  }
  const lastRead = await repo.moveReadMarker(deps.db, conversation.id, 'user_last_read', Math.max(...ids));
  const items = await repo.messagesByIds(deps.db, ids);
  const unread = await pushUnread(deps, input.userId);
  return { items, last_read_message: lastRead, unread };
}

export async function markRead(
  deps: SupportDeps,
  userId: number,
  conversation: ConversationRow,
  messageId: number,
): Promise<ReadMarkerResult> {
  const lastRead = await repo.moveReadMarker(deps.db, conversation.id, 'user_last_read', messageId);
  const unread = await pushUnread(deps, userId);
  return { last_read_message: lastRead, unread };
}

const chatTitle = (locale: Locale, kind: ChatKind, manager: string | null) =>
  kind === 'support'
    ? translate(locale, 'support.chat.support_title')
    : manager
      ? translate(locale, 'support.chat.manager_title_named', { name: manager })
      : translate(locale, 'support.chat.manager_title');

export async function chatOf(db: Kysely<DB>, conversation: ConversationRow, locale: Locale, unread: number): Promise<Chat> {
  return {
    id: conversation.id,
    kind: conversation.kind,
    title: chatTitle(locale, conversation.kind, await repo.managerName(db, conversation.manager_id)),
    unread,
    last_message: await repo.lastMessage(db, conversation.id),
  };
}

/** The trader's two chats: the support team and the personal manager. */
export async function chatList(db: Kysely<DB>, userId: number, locale: Locale): Promise<Chat[]> {
  await repo.ensureConversation(db, userId, 'support');
  await repo.ensureConversation(db, userId, 'manager');
  const [conversations, unread] = await Promise.all([repo.userConversations(db, userId), repo.unreadByConversation(db, userId)]);
  const chats: Chat[] = [];
  for (const c of conversations) chats.push(await chatOf(db, c, locale, unread.get(c.id) ?? 0));
  return chats;
}

/** What happens when the team answers: besides the socket push, the trader gets a notification. */
export type ReplyNotifier = (reply: { userId: number; conversation: ConversationRow; message: SupportMessage }) => Promise<void>;

/**
 * An operator's answer. The first operator to answer in a manager conversation becomes the
 * trader's personal manager. The trader's open pages get the new unread count at once.
 */
export async function sendOperatorMessage(
  deps: SupportDeps & { notify?: ReplyNotifier },
  input: { operatorId: number; conversationId: number } & OutgoingMessage,
): Promise<SupportMessage> {
  refuseEmpty(input, 'text');
  const conversation = await repo.findConversation(deps.db, input.conversationId);
  if (!conversation) throw new ApiError('not_found');
  const stored = await storeFiles(deps.dataDir, input.files);
  let id: number;
  try {
    id = await deps.db.transaction().execute(async (trx) => {
      const written = await repo.insertMessage(trx, {
        conversationId: conversation.id,
        author: 'operator',
        operatorId: input.operatorId,
        text: input.text,
        files: stored,
      });
      if (conversation.kind === 'manager' && conversation.manager_id === null) {
        await trx.updateTable('conversations').set({ manager_id: input.operatorId }).where('id', '=', conversation.id).execute();
      }
      return written;
    });
  } catch (error) {
    await removeFiles(deps.dataDir, stored);
    throw error;
  }
  await repo.moveReadMarker(deps.db, conversation.id, 'operator_last_read', id);
  const [message] = await repo.messagesByIds(deps.db, [id]);
  if (!message) throw new Error(`message ${id} vanished`);
  await pushUnread(deps, conversation.user_id);
  await deps.notify?.({ userId: conversation.user_id, conversation, message });
  return message;
}

/** The conversation as an operator reads it: newest page, and everything on it counts as seen. */
export async function operatorView(db: Kysely<DB>, conversationId: number, page: number) {
  const conversation = await repo.findConversation(db, conversationId);
  if (!conversation) throw new ApiError('not_found');
  const { items, total } = await repo.messagePage(db, conversation.id, page, MESSAGES_PER_PAGE);
  const newest = items.at(-1);
  if (page === 1 && newest) await repo.moveReadMarker(db, conversation.id, 'operator_last_read', newest.id);
  const owner = await db
    .selectFrom('users')
    .select(['id', 'email', 'account_id', 'locale'])
    .where('id', '=', conversation.user_id)
    .executeTakeFirstOrThrow();
  return { conversation, owner, items, total, page, perPage: MESSAGES_PER_PAGE };
}
