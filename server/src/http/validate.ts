import type { z } from 'zod';
import { ApiError, type Message } from './errors';

/** A zod issue as a translation key: the schema's own `validation.*` message, else one by kind. */
function issueMessage(issue: z.core.$ZodIssue): Message {
  if (issue.message.startsWith('validation.')) return { key: issue.message };
  switch (issue.code) {
    case 'invalid_type':
      return { key: issue.input === undefined ? 'validation.required' : 'validation.invalid_type' };
    case 'too_small':
      return issue.origin === 'string'
        ? { key: Number(issue.minimum) <= 1 ? 'validation.required' : 'validation.too_short', params: { min: Number(issue.minimum) } }
        : { key: 'validation.too_small', params: { min: Number(issue.minimum) } };
    case 'too_big':
      return issue.origin === 'string'
        ? { key: 'validation.too_long', params: { max: Number(issue.maximum) } }
        : { key: 'validation.too_big', params: { max: Number(issue.maximum) } };
    case 'invalid_format':
      return { key: issue.format === 'email' ? 'validation.email' : 'validation.invalid' };
    default:
      return { key: 'validation.invalid' };
  }
}

/**
 * Parses input with a contract schema or throws a `validation` error whose fields name each bad
 * field (unknown fields included). Every route calls this before anything else.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  // reportInput: tells a missing field (input undefined) from one of the wrong type.
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const fields: Record<string, Message> = {};
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] ??= { key: 'validation.unknown_field' };
      continue;
    }
    const name = issue.path.length ? issue.path.join('.') : '_';
    fields[name] ??= issueMessage(issue);
  }
  throw new ApiError('validation', { fields });
}
