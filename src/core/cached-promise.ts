/**
 * The promise `cache` holds for `key`, or `make`'s, held from now on: work asked for again (a file
 * bundled, loaded, fetched) is done once, and done afresh when asked for after it failed, as the
 * file may have been fixed or the fetch may work now.
 */
export function cachedUnlessFailed<K, V>(cache: Map<K, Promise<V>>, key: K, make: () => Promise<V>): Promise<V> {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    value.catch(() => cache.delete(key));
    cache.set(key, value);
  }
  return value;
}
