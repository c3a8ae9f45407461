import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeBody, parseEnvelope, summarise } from './envelope';

describe('Sentry envelopes', () => {
  it('reads items with and without a length, gzipped or not', () => {
    const event = JSON.stringify({
      event_id: 'abc',
      message: 'boom\nsecond line',
      tags: { cid: 'C'.repeat(32) },
    });
    const attachment = 'binary\nwith newline';
    const raw = Buffer.from(
      `{"event_id":"abc"}\n{"type":"attachment","length":${Buffer.byteLength(attachment)}}\n${attachment}\n{"type":"event"}\n${event}\n`,
    );
    for (const body of [raw, gzipSync(raw)]) {
      const envelope = parseEnvelope(decodeBody(body, body === raw ? undefined : 'gzip'));
      expect(envelope.header.event_id).toBe('abc');
      expect(envelope.items.map((i) => i.type)).toEqual(['attachment', 'event']);
      expect(summarise(envelope.items[1]!.payload)).toMatchObject({
        eventId: 'abc',
        message: 'boom\nsecond line',
        cid: 'C'.repeat(32),
      });
    }
  });

  it('names an exception event by its type and value', () => {
    expect(
      summarise({ exception: { values: [{ type: 'TypeError', value: 'x is undefined' }] } })
        .message,
    ).toBe('TypeError: x is undefined');
  });
});
