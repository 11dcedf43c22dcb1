/** How many characters of keys and values one cache may hold (about 100,000 names with their ids). */
const DEFAULT_BUDGET = 10_000_000;

/**
 * Remembers the results of a pure function of one string key. Ids are uuid v5 hashes of names a
 * batch repeats many times; hashing each mention again was a third of the projection's CPU. The
 * cache is emptied when its keys and values would pass `budget` characters, so memory stays
 * bounded even where keys are long (a job version's key names every input and output).
 */
export function memoized(fn: (key: string) => string, budget = DEFAULT_BUDGET): (key: string) => string {
  const cache = new Map<string, string>();
  let used = 0;
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = fn(key);
      const size = key.length + value.length;
      if (used + size > budget) {
        cache.clear();
        used = 0;
      }
      cache.set(key, value);
      used += size;
    }
    return value;
  };
}
