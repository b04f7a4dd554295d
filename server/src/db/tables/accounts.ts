import type { ColumnType, Generated } from 'kysely';
import type { Id, Timestamp } from '../schema';

interface AuthTokensTable {
  token_hash: string;
  user_id: number;
  purpose: 'reset' | 'confirm';
  expires_at: Timestamp;
  used_at: Date | null;
  created_at: Generated<Date>;
}

interface RememberTokensTable {
  token_hash: string;
  user_id: number;
  expires_at: Timestamp;
  /** The public reference of the session it keeps alive (ending that session ends the token). */
  session_ref: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
}

interface ThrottleCountersTable {
  key: string;
  window_started_at: Timestamp;
  attempts: number;
}

interface EmailOutboxTable {
  id: Id;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  created_at: Generated<Date>;
  sent_at: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
}

interface MenuItemsTable {
  id: Id;
  menu: string;
  locale: string;
  title: string;
  url: string;
  order: number;
  icon_name: string | null;
}

interface ArticlesTable {
  name: string;
  locale: string;
  title: string;
  html: string;
  updated_at: Generated<Date>;
}

interface SiteSettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
}

export interface AccountsTables {
  auth_tokens: AuthTokensTable;
  remember_tokens: RememberTokensTable;
  throttle_counters: ThrottleCountersTable;
  email_outbox: EmailOutboxTable;
  menu_items: MenuItemsTable;
  articles: ArticlesTable;
  site_settings: SiteSettingsTable;
}
