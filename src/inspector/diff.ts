import type { Json } from './serialize';

/** One change between two JSON values, at a path like `bets[2].status`. */
export interface Change {
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: Json;
  after?: Json;
}

const isRecord = (value: Json | undefined): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const join = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);

/** What an event changed in a context: the leaves that were added, removed or changed, in order. */
export function diff(before: Json | undefined, after: Json | undefined, path = ''): Change[] {
  if (before === undefined && after === undefined) return [];
  if (before === undefined) return [{ path, kind: 'added', after: after as Json }];
  if (after === undefined) return [{ path, kind: 'removed', before }];
  if (Array.isArray(before) && Array.isArray(after)) {
    const changes: Change[] = [];
    for (let index = 0; index < Math.max(before.length, after.length); index += 1) {
      changes.push(...diff(before[index], after[index], join(path, index)));
    }
    return changes;
  }
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => diff(before[key], after[key], join(path, key)));
  }
  return before === after ? [] : [{ path, kind: 'changed', before, after }];
}
