import type { Bet } from '../../../../src/api/contract/bets';
import type { ErrorCode } from '../../../../src/api/contract/errors';
import { ApiError, type Message } from '../../http/errors';

/** What a retried placement (or sell-back) gets back: the first answer, success or refusal. */
export type StoredAnswer = { bet: Bet } | { error: { code: ErrorCode; fields?: Record<string, string | Message>; message?: string | Message } };

/** The first answer again for a retry: its bet, or its refusal thrown anew. */
export function replay(answer: StoredAnswer): Bet {
  if ('bet' in answer) return answer.bet;
  // The refusal's own message too (a suspension's reason, the house limit): a retry reads the same text.
  throw new ApiError(answer.error.code, { ...(answer.error.fields ? { fields: answer.error.fields } : {}), ...(answer.error.message ? { message: answer.error.message } : {}) });
}

/** A refusal worth remembering under its key: the caller's own mistakes and the market's answers. */
export const storedRefusal = (error: unknown): StoredAnswer | undefined =>
  error instanceof ApiError && error.code !== 'idempotency_conflict' && error.status < 500
    ? { error: { code: error.code, ...(error.options.fields ? { fields: error.options.fields } : {}), ...(error.options.message ? { message: error.options.message } : {}) } }
    : undefined;
