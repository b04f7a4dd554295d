import type { Kysely } from 'kysely';
import type { AttachmentType } from '../../../../src/api/contract/support';
import { attachmentName } from '../../modules/support/file-names';

/**
 * Attachments stored before the names were sanitized kept the sender's name and extension
 * (`evil.html`, a right-to-left override): every stored name is rewritten the way new ones are
 * made, from its stem and the type its content was detected as.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the database untyped
  const typed = db as Kysely<any>;
  const rows = (await typed.selectFrom('message_attachments').select(['id', 'name', 'type']).execute()) as Array<{
    id: string;
    name: string;
    type: AttachmentType;
  }>;
  for (const row of rows) {
    const name = attachmentName(row.name, 'file', row.type);
    if (name !== row.name) await typed.updateTable('message_attachments').set({ name }).where('id', '=', row.id).execute();
  }
}

export async function down(): Promise<void> {
  throw new Error('migrations only go forward');
}
