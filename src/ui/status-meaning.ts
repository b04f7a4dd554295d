/**
 * What each status of the product means, in one place: a badge, an alert or a notice takes its
 * colour from here, so one status never reads differently in two widgets. A refusal, a failure
 * or a cancellation is never a success (tests/unit/tokens.test.ts checks every status of the
 * contract maps here).
 *
 * The statuses mirror src/api/contract (src/ui may not import src/api).
 */
export type Meaning = 'success' | 'warning' | 'danger' | 'neutral' | 'info';

export type BetStatusName = 'open' | 'won' | 'lost' | 'refund' | 'closed';
export type PaymentStatusName = 'pending' | 'completed' | 'failed' | 'rejected' | 'cancelled';
export type KycStatusName = 'pending' | 'approved' | 'rejected';

export const STATUS_MEANING = {
  bet: { open: 'info', won: 'success', lost: 'danger', refund: 'neutral', closed: 'neutral' },
  /** Deposits and withdrawals, and the outcomes of a purchase. */
  payment: { pending: 'warning', completed: 'success', failed: 'danger', rejected: 'danger', cancelled: 'neutral' },
  kyc: { pending: 'warning', approved: 'success', rejected: 'danger' },
} as const satisfies {
  bet: Record<BetStatusName, Meaning>;
  payment: Record<PaymentStatusName, Meaning>;
  kyc: Record<KycStatusName, Meaning>;
};

/** The token family that shows a meaning: `$<family>` fills, `$<family>Text` text, `$<family>Soft` backgrounds. */
export const MEANING_TOKEN = {
  success: 'success',
  warning: 'warning',
  danger: 'danger',
  neutral: 'neutral',
  info: 'secondary',
} as const satisfies Record<Meaning, string>;

/** What a designer reads on the token page: when each meaning is used. */
export const MEANING_USE: Record<Meaning, string> = {
  success: 'Done as asked: a bet won, a payment completed, a document approved.',
  warning: 'Waiting or needs attention: a pending payment or document.',
  danger: 'Refused, failed or lost: a rejected withdrawal, a failed deposit, a lost bet, an error.',
  neutral: 'Nothing happened to the money: a cancelled payment, a refunded bet.',
  info: 'Still running: an open bet; information without a verdict.',
};
