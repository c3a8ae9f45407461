import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for Sentry's ingest: the browser's error tunnel (/monitoring) posts the envelopes it
// passes on here. `dsn` points at it (SENTRY_PUBLIC_DSN); `envelopes` are the bodies received, in
// order (a test may empty it).
export type SentryIngest = { dsn: string; envelopes: string[]; close(): Promise<void> };

export async function startSentryIngest(): Promise<SentryIngest> {
  const envelopes: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      envelopes.push(body);
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/42`,
    envelopes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
