import { sql, type Kysely } from 'kysely';

/** Support threads and chats: conversations, their messages and the messages' attachments. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('support', 'manager')`))
    .addColumn('manager_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_last_read', 'bigint')
    .addColumn('operator_last_read', 'bigint')
    .addColumn('last_message_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('conversations_one_per_kind', ['user_id', 'kind'])
    .execute();
  await db.schema.createIndex('conversations_recent').on('conversations').column('last_message_at').execute();

  await db.schema
    .createTable('conversation_messages')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('conversation_id', 'bigint', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('author', 'text', (c) => c.notNull().check(sql`author in ('user', 'operator', 'system')`))
    .addColumn('operator_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('conversation_messages_thread')
    .on('conversation_messages')
    .columns(['conversation_id', 'id'])
    .execute();

  await db.schema
    .createTable('message_attachments')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('message_id', 'bigint', (c) => c.notNull().references('conversation_messages.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('image/jpeg', 'image/png', 'application/pdf')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('message_attachments_message').on('message_attachments').column('message_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations only go forward');
}
