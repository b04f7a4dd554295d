import {
  ATTACHMENT_TYPES,
  MAX_ATTACHMENTS,
  MAX_ATTACHMENT_BYTES,
  MAX_MESSAGE_LENGTH,
  type SupportMessage,
} from '../../api/contract/support';

/** A translation key with its values; the UI translates it. */
export interface DraftMessage {
  key: string;
  params?: Record<string, string | number>;
}

/** A file chosen for the next message, with the reason it cannot be sent, if any. */
export interface DraftFile {
  key: string;
  file: File;
  error: DraftMessage | null;
}

const EXTENSIONS: Record<string, (typeof ATTACHMENT_TYPES)[number]> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

/**
 * The checks the browser can make before uploading (the server checks the content again):
 * the name or the declared type says JPG, PNG or PDF, and the size is within the limit.
 */
function fileProblem(file: Pick<File, 'name' | 'size' | 'type'>): DraftMessage | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = (ATTACHMENT_TYPES as readonly string[]).includes(file.type) || extension in EXTENSIONS;
  if (!typeOk) return { key: 'support.errors.file_type' };
  if (file.size === 0) return { key: 'support.errors.file_empty' };
  if (file.size > MAX_ATTACHMENT_BYTES) return { key: 'support.errors.file_too_large', params: { max: MAX_ATTACHMENT_BYTES / (1024 * 1024) } };
  return null;
}

let nextKey = 0;
/** Adds chosen files to the draft, each with its own check; files beyond the limit are refused. */
export function addFiles(current: DraftFile[], chosen: File[]): { files: DraftFile[]; refused: DraftMessage | null } {
  const room = MAX_ATTACHMENTS - current.length;
  const taken = chosen.slice(0, Math.max(0, room)).map((file) => ({ key: `f${++nextKey}`, file, error: fileProblem(file) }));
  return {
    files: [...current, ...taken],
    refused: chosen.length > room ? { key: 'support.errors.too_many_files', params: { max: MAX_ATTACHMENTS } } : null,
  };
}

/** The files of the draft that pass the checks: the ones a message carries. */
export const sendableFiles = (files: readonly DraftFile[]) => files.filter((f) => f.error === null);

/**
 * Why the draft cannot be sent yet, or null. A file that fails the checks does not block the
 * message: it shows its error, stays out of what is sent, and is dropped with it. Only a draft
 * with nothing sendable (no text, no good file) is refused.
 */
export function draftProblem(text: string, files: DraftFile[]): DraftMessage | null {
  if (text.length > MAX_MESSAGE_LENGTH) return { key: 'validation.too_long', params: { max: MAX_MESSAGE_LENGTH } };
  if (text.trim() === '' && sendableFiles(files).length === 0) {
    return files.length > 0 ? { key: 'support.errors.fix_files' } : { key: 'support.errors.empty' };
  }
  return null;
}

/** Messages by id, oldest first, without duplicates (pages overlap when new messages arrive). */
export function mergeMessages(current: SupportMessage[], incoming: SupportMessage[]): SupportMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The newest message from the team, which the trader has to see for the thread to count as read. */
export const newestFromTeam = (items: SupportMessage[]) => items.findLast((m) => m.author !== 'user')?.id ?? null;
