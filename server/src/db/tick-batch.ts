/**
 * Reads asked for in the same turn of the event loop, answered by one statement: `load` gets the
 * distinct keys of the turn and answers a value per key (a key it leaves out gets `missing`).
 * Nothing is cached beyond the turn, so an answer is never older than the request that asked for
 * it: a busy server makes one session lookup for the many requests that arrived together instead
 * of one each, and a quiet one behaves as before.
 */
export function tickBatch<K, V>(load: (keys: K[]) => Promise<Map<K, V>>, missing: V): (key: K) => Promise<V> {
  let pending: Map<K, { resolve: (value: V) => void; reject: (error: unknown) => void }[]> | null = null;
  const flush = async (batch: NonNullable<typeof pending>) => {
    try {
      const values = await load([...batch.keys()]);
      for (const [key, waiting] of batch) for (const w of waiting) w.resolve(values.has(key) ? values.get(key)! : missing);
    } catch (error) {
      for (const waiting of batch.values()) for (const w of waiting) w.reject(error);
    }
  };
  return (key) =>
    new Promise<V>((resolve, reject) => {
      if (!pending) {
        const batch = new Map<K, { resolve: (value: V) => void; reject: (error: unknown) => void }[]>();
        pending = batch;
        setImmediate(() => {
          pending = null;
          void flush(batch);
        });
      }
      const waiting = pending.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
    });
}
