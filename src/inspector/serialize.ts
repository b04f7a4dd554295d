/**
 * A JSON copy of what an actor holds (context, event payloads), so a recording can be shown,
 * diffed, exported and read back. Actor references become `{ "@actor": id }`, errors their name
 * and message, dates their ISO text, maps and sets their entries; functions and cycles are named.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const MAX_DEPTH = 12;

function isActorRef(value: object): value is { sessionId: string; id: string } {
  return 'sessionId' in value && 'send' in value && typeof (value as { send: unknown }).send === 'function';
}

export function toJson(value: unknown, seen: Set<object> = new Set(), depth = 0): Json {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'function') return '[function]';
  if (typeof value !== 'object') return String(value);
  if (seen.has(value)) return '[cycle]';
  if (depth >= MAX_DEPTH) return '[deep]';
  if (isActorRef(value)) return { '@actor': value.id };
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Error) return { name: value.name, message: value.message };
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => toJson(item, seen, depth + 1));
    if (value instanceof Map) return [...value.entries()].map((entry) => toJson(entry, seen, depth + 1));
    if (value instanceof Set) return [...value].map((item) => toJson(item, seen, depth + 1));
    const copy: { [key: string]: Json } = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) copy[key] = toJson(item, seen, depth + 1);
    return copy;
  } finally {
    seen.delete(value);
  }
}
