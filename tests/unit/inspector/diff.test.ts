import { describe, expect, test } from 'vitest';
import { diff } from '../../../src/inspector/diff';

describe('the diff an event made to a context', () => {
  test('names each changed, added and removed leaf by its path', () => {
    expect(diff({ a: 1, b: { c: 'x', d: [1, 2] }, gone: true }, { a: 2, b: { c: 'x', d: [1, 3, 4] }, added: null })).toEqual([
      { path: 'a', kind: 'changed', before: 1, after: 2 },
      { path: 'b.d[1]', kind: 'changed', before: 2, after: 3 },
      { path: 'b.d[2]', kind: 'added', after: 4 },
      { path: 'gone', kind: 'removed', before: true },
      { path: 'added', kind: 'added', after: null },
    ]);
  });

  test('finds nothing between equal values, and a whole replaced value at the top', () => {
    expect(diff({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
    expect(diff(1, 'one')).toEqual([{ path: '', kind: 'changed', before: 1, after: 'one' }]);
    expect(diff(null, { a: 1 })).toEqual([{ path: '', kind: 'changed', before: null, after: { a: 1 } }]);
  });
});
