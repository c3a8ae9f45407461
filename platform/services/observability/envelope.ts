import { gunzipSync, inflateSync } from 'node:zlib';
import type { SentryEvent } from './sentry-event';

// Sentry's envelope format (https://develop.sentry.dev/sdk/envelopes/): a JSON header line, then
// items, each a JSON item header line and a payload, either `length` bytes or up to the next
// newline. Only what the inbox needs: the events, as parsed JSON.
export type EnvelopeItem = { type: string; payload: unknown };
export type Envelope = { header: Record<string, unknown>; items: EnvelopeItem[] };

export function decodeBody(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

export function parseEnvelope(raw: Buffer): Envelope {
  let at = 0;
  const line = (): Buffer => {
    const end = raw.indexOf(0x0a, at);
    const chunk = raw.subarray(at, end === -1 ? raw.length : end);
    at = end === -1 ? raw.length : end + 1;
    return chunk;
  };
  const header = JSON.parse(line().toString('utf8')) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (at < raw.length) {
    const headLine = line().toString('utf8').trim();
    if (!headLine) continue;
    const head = JSON.parse(headLine) as { type?: string; length?: number };
    let payload: Buffer;
    if (typeof head.length === 'number') {
      payload = raw.subarray(at, at + head.length);
      at += head.length;
      if (raw[at] === 0x0a) at++;
    } else {
      payload = line();
    }
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(payload.toString('utf8'));
    } catch {
      // attachments and other binary payloads are not kept
    }
    items.push({ type: head.type ?? 'unknown', payload: parsed });
  }
  return { header, items };
}

const MAX_TAG_VALUE = 200;

/** The columns the inbox lists an event by (the event checked against `SentryEvent` first). */
export function summarise(event: SentryEvent) {
  const exception = event.exception?.values?.at(-1);
  const message =
    (typeof event.message === 'string' ? event.message : event.message?.formatted) ??
    event.logentry?.formatted ??
    event.logentry?.message ??
    (exception ? `${exception.type ?? 'Error'}: ${exception.value ?? ''}` : '(no message)');
  const tags: Record<string, unknown> = Array.isArray(event.tags) ? {} : (event.tags ?? {});
  // A tag as Sentry keeps one: text of at most 200 characters. A longer one is not listed (the
  // stored event keeps it): in the CID's index, over ~2.7 KB failed the insert (ADR 0365).
  const tag = (name: string) => {
    const value = tags[name];
    return typeof value === 'string' && value.length <= MAX_TAG_VALUE ? value : null;
  };
  return {
    eventId: event.event_id ?? '',
    level: event.level ?? 'error',
    message,
    cid: tag('cid'),
    tenant: tag('tenant'),
    route: tag('route'),
    userLogin: event.user?.username ?? null,
    userEmail: event.user?.email ?? null,
    platform: event.platform ?? null,
  };
}
