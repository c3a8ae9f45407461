import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeBody, parseEnvelope, summarise } from './envelope';
import { SentryEvent } from './sentry-event';

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
      expect(summarise(SentryEvent.parse(envelope.items[1]!.payload))).toMatchObject({
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

  it('refuses an event whose read fields have another type, naming the field', () => {
    const problems = (event: unknown) =>
      SentryEvent.safeParse(event).error?.issues.map((i) => i.path.join('.'));
    expect(problems({ message: { formatted: 5 } })).toEqual(['message']);
    expect(problems({ exception: { values: {} } })).toEqual(['exception.values']);
    expect(problems({ exception: { values: [{ stacktrace: { frames: 'x' } }] } })).toEqual([
      'exception.values.0.stacktrace.frames',
    ]);
    expect(problems({ message: 'm', tags: [['cid', 'x']], extra: { any: 1 } })).toBeUndefined();
  });
});
