import type { TFunction } from 'i18next';
import type { Problem } from '../../machines/money-flow/problem';

/**
 * A failed call in words: the server's per-field reasons (a refused file says which rule it broke),
 * else its message, else the app's own wording (a call that never reached the server says the
 * connection is down).
 */
export const problemText = (t: TFunction, problem: Problem | null, fallbackKey: string): string | null => {
  if (!problem) return null;
  const reasons = [...new Set(Object.values(problem.fields ?? {}))];
  if (reasons.length > 0) return reasons.join(' ');
  if (problem.message) return problem.message;
  return t(problem.code === 'network' || problem.code === 'timeout' ? 'support.errors.offline' : fallbackKey);
};
