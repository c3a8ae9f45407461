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

/** An event as the Sentry stand-in got it from the tunnel, with the tunnel post's CID. */
export type ForwardedEvent = Record<string, unknown> & {
  tags: Record<string, unknown>;
  postCid: string;
};

/**
 * Posts one browser event to the shop's tunnel (`POST /monitoring`) and answers what went on to
 * the stand-in: the tunnel must answer 200 and forward exactly one envelope.
 */
export async function reportThroughTunnel(
  shopUrl: string,
  ingest: SentryIngest,
  event: Record<string, unknown>,
): Promise<ForwardedEvent> {
  const before = ingest.envelopes.length;
  const answer = await fetch(`${shopUrl}/monitoring`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: `${JSON.stringify({ dsn: ingest.dsn })}\n{"type":"event"}\n${JSON.stringify(event)}\n`,
  });
  if (answer.status !== 200) throw new Error(`the tunnel answered ${answer.status}`);
  if (ingest.envelopes.length - before !== 1)
    throw new Error(`${ingest.envelopes.length - before} envelopes forwarded, not 1`);
  const lines = ingest.envelopes.at(-1)!.trim().split('\n');
  const forwarded = JSON.parse(lines[2]!) as Record<string, unknown> & {
    tags: Record<string, unknown>;
  };
  return { ...forwarded, postCid: answer.headers.get('x-correlation-id')! };
}
