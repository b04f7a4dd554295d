/** Any endpoint group: every call returns a promise. */
type Group = Record<string, (...args: never[]) => Promise<unknown>>;

/**
 * An endpoint group whose code (and the contract schemas it parses with) loads on its first
 * call, so the first page does not carry every domain's schemas (docs/design.md 6). Calls before the
 * chunk arrived simply wait for it; a chunk that cannot load fails the call like a lost network.
 */
export function lazyGroup<G extends Group>(load: () => Promise<G>): G {
  let loading: Promise<G> | null = null;
  const group = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  return new Proxy({} as G, {
    get: (_target, name) =>
      typeof name === 'string' ? (...args: never[]) => group().then((loaded) => loaded[name]!(...args)) : undefined,
  });
}
