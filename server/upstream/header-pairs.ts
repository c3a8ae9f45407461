import type { OutgoingHttpHeaders } from 'node:http';

/** Headers as undici's dispatch and Node's `writeHead` both take them: [name, value, ...]. */
export type HeaderPairs = (string | number | readonly string[])[];

/**
 * An object's headers as a flat list (names as they are; undefined values left out). Hot paths
 * build such lists rather than copy header objects: a spread of a header object cost 1-2 µs per
 * call, the list ~0.1 µs (docs/decisions/0201).
 */
export function headerPairsOf(headers: OutgoingHttpHeaders): HeaderPairs {
  const pairs: HeaderPairs = [];
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) pairs.push(name, value);
  }
  return pairs;
}
