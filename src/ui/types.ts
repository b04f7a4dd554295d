/**
 * The shapes src/ui components take. They mirror the API contract structurally (src/ui may not
 * import src/api), so a container passes contract objects straight through.
 */

export type WalletType = 'main' | 'demo' | 'tournament';
export const WALLET_TYPES: readonly WalletType[] = ['main', 'demo', 'tournament'];

export interface WalletView {
  wallet_type: WalletType;
  /** USD, at most 2 decimals. */
  amount: number;
}

export interface MenuItem {
  title: string;
  url: string;
  order: number;
  icon_name?: string | undefined;
}

export type NotificationType = 'info' | 'success' | 'warning' | 'danger';

export interface NotificationItem {
  notification_id: string;
  /** Sanitized HTML from the server. */
  title: string;
  type: NotificationType;
  redirect_url: string | null;
}

export interface LanguageOption {
  code: string;
  /** The language's own name: 'Русский', 'English'. */
  name: string;
}

/** Field name -> already translated message. */
export type FieldErrors = Partial<Record<string, string>>;

export interface SignedInUser {
  email: string;
  accountId: string;
}

/** The demo wallet can be refilled while it holds less than this (USD). */
export const DEMO_RESET_THRESHOLD = 10000;
