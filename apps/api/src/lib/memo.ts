/**
 * `compute` remembered by its argument, for work every request repeats with the same few inputs
 * (a browser's `Accept-Encoding`, a session id's hash, a cookie's signature). At most `maxEntries`
 * are kept; past it the oldest is forgotten first, so a caller sending endless new values only
 * churns the map.
 */
export function memoByString<T>(compute: (input: string) => T, maxEntries: number): (input: string) => T {
  const known = new Map<string, T>();
  return (input) => {
    let value = known.get(input);
    if (value === undefined && !known.has(input)) {
      value = compute(input);
      if (known.size >= maxEntries) known.delete(known.keys().next().value!);
      known.set(input, value);
    }
    return value as T;
  };
}
