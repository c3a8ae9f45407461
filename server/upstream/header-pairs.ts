import type { OutgoingHttpHeaders } from 'node:http';

/** Headers as undici's dispatch and Node's `writeHead` both take them: [name, value, ...]. */
export type HeaderPairs = (string | number | readonly string[])[];

/**
 * An object's headers as a flat list (names as they are; undefined values left out). Hot paths
 * build such lists rather than copy header objects: undici and Node's `writeHead` take the list
 * as is, while a spread object is one more allocation per call (bench/results.md).
 */
export function headerPairsOf(headers: OutgoingHttpHeaders): HeaderPairs {
  const pairs: HeaderPairs = [];
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) pairs.push(name, value);
  }
  return pairs;
}
