import { expect, test, vi } from 'vitest';
import { lazyGroup } from '../../../src/api/lazy-group';

type Group = { find: (id: number) => Promise<string>; list: () => Promise<string[]> };

test('loads the group once, on its first call, and passes every call through', async () => {
  const find = vi.fn(async (id: number) => `item ${id}`);
  const load = vi.fn(async (): Promise<Group> => ({ find, list: async () => ['a'] }));
  const group = lazyGroup(load);
  expect(load).not.toHaveBeenCalled();
  await expect(Promise.all([group.find(1), group.find(2), group.list()])).resolves.toEqual(['item 1', 'item 2', ['a']]);
  expect(load).toHaveBeenCalledTimes(1);
  expect(find).toHaveBeenCalledWith(2);
});

test('a chunk that fails to load fails the call, and the next call tries again', async () => {
  let attempts = 0;
  const group = lazyGroup<Group>(async () => {
    attempts += 1;
    if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
    return { find: async (id) => `item ${id}`, list: async () => [] };
  });
  await expect(group.find(1)).rejects.toThrow('Failed to fetch');
  await expect(group.find(1)).resolves.toBe('item 1');
});

test('a call that fails fails as itself', async () => {
  const group = lazyGroup<Group>(async () => ({ find: async () => Promise.reject(new Error('not found')), list: async () => [] }));
  await expect(group.find(9)).rejects.toThrow('not found');
});
