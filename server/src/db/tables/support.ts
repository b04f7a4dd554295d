import type { Generated } from 'kysely';
import type { Id } from '../schema';

/** One trader's conversation with the support team or with a personal manager. */
interface ConversationsTable {
  id: Id;
  user_id: number;
  kind: 'support' | 'manager';
  /** The operator acting as the trader's personal manager (the first one to answer there). */
  manager_id: number | null;
  /** The last message id the trader has seen. */
  user_last_read: number | null;
  /** The last message id an operator has seen. */
  operator_last_read: number | null;
  last_message_at: Date | null;
  created_at: Generated<Date>;
}

interface ConversationMessagesTable {
  id: Id;
  conversation_id: number;
  author: 'user' | 'operator' | 'system';
  /** The operator who wrote an operator message. */
  operator_id: number | null;
  text: string;
  created_at: Generated<Date>;
}

interface MessageAttachmentsTable {
  /** Random UUID: the public handle; the file on disk is named by it, never by the sender's name. */
  id: string;
  message_id: number;
  name: string;
  size: number;
  type: 'image/jpeg' | 'image/png' | 'application/pdf';
  created_at: Generated<Date>;
}

export interface SupportTables {
  conversations: ConversationsTable;
  conversation_messages: ConversationMessagesTable;
  message_attachments: MessageAttachmentsTable;
}
