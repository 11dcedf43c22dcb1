/**
 * Remembers the results of a pure function of one string key. Ids are uuid v5 hashes of names a
 * batch repeats many times; hashing each mention again was a third of the projection's CPU. The
 * cache is emptied when it reaches `limit` entries, so memory stays bounded.
 */
export function memoized(fn: (key: string) => string, limit = 100000): (key: string) => string {
  const cache = new Map<string, string>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      if (cache.size >= limit) cache.clear();
      value = fn(key);
      cache.set(key, value);
    }
    return value;
  };
}
