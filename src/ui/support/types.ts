/**
 * What the support widgets show. The shapes mirror the support contract structurally (src/ui may
 * not import src/api), so a container passes contract objects straight through.
 */
type MessageAuthorView = 'user' | 'operator' | 'system';

interface AttachmentView {
  id: string;
  name: string;
  size: number;
  type: string;
  url: string;
}

export interface SupportMessageView {
  id: number;
  author: MessageAuthorView;
  text: string;
  files: readonly AttachmentView[];
  created_at: string;
}

export interface ChatView {
  id: number;
  kind: 'support' | 'manager';
  title: string;
  unread: number;
  last_message: SupportMessageView | null;
}

/** A file chosen for the next message. */
export interface DraftFileView {
  key: string;
  file: File;
  /** Already translated: why it cannot be sent. */
  error: string | null;
}
