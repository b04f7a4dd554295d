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
 * The fields (dotted paths, `_` for the input itself) whose text or name holds a NUL character,
 * anywhere in the input. No text the platform keeps may hold one (PostgreSQL refuses it in text
 * columns, which would be a 500), and no honest form sends one, so every input of every route
 * (body, query, parameters, multipart fields) is refused with a field error before its schema runs.
 */
function nulFields(input: unknown): string[] {
  interface Item {
    value: unknown;
    key: string | null;
    parent: Item | null;
  }
  const nameOf = (item: Item): string => {
    const keys: string[] = [];
    for (let at: Item | null = item; at?.key != null; at = at.parent) keys.unshift(at.key);
    return keys.length ? keys.join('.') : '_';
  };
  const found: string[] = [];
  // A loop with parent links, not recursion nor copied paths: a body of arrays nested thousands
  // deep must neither overflow the stack nor cost quadratic memory. Ten named fields are enough.
  const pending: Item[] = [{ value: input, key: null, parent: null }];
  for (let item = pending.pop(); item && found.length < 10; item = pending.pop()) {
    const { value } = item;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) found.push(nameOf(item));
      continue;
    }
    // Plain data only (what JSON, query strings, route parameters and form fields parse to, whatever
    // their prototype), never a Buffer's bytes.
    if (typeof value !== 'object' || value === null) continue;
    if (!Array.isArray(value) && Object.prototype.toString.call(value) !== '[object Object]') continue;
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) found.push(nameOf(item));
      else pending.push({ value: child, key, parent: item });
    }
  }
  return found;
}

/**
 * Parses input with a contract schema or throws a `validation` error whose fields name each bad
 * field (unknown fields included). Every route calls this before anything else.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  // A Map, not an object: field names are the sender's, and `constructor` must be one like any other.
  const fields = new Map<string, Message>();
  const name = (path: readonly PropertyKey[]) => (path.length ? path.join('.') : '_');
  const add = (field: string, message: Message) => {
    if (!fields.has(field)) fields.set(field, message);
  };
  for (const field of nulFields(input)) add(field, { key: 'validation.invalid_character' });
  if (fields.size) throw new ApiError('validation', { fields: Object.fromEntries(fields) });
  // reportInput: tells a missing field (input undefined) from one of the wrong type.
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(name([...issue.path, key]), { key: 'validation.unknown_field' });
      continue;
    }
    add(name(issue.path), issueMessage(issue));
  }
  throw new ApiError('validation', { fields: Object.fromEntries(fields) });
}
