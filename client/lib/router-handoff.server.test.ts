import type { EntryContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { readHandoffAhead } from './router-handoff.server';

// The read-ahead of React Router's handoff stream (ADR 0151): complete when the stream ends at
// once, streaming when data is still to come, and the render cache filled either way.
type Cache = Record<number, { result?: { done: boolean; value: string } } & Promise<void>>;
const encoder = new TextEncoder();

function contextWith(stream: ReadableStream<Uint8Array>) {
  const context = { serverHandoffStream: stream, renderMeta: {} } as unknown as EntryContext;
  const cache = () => (context as unknown as { renderMeta: { streamCache: Cache } }).renderMeta;
  return { context, cache: () => cache().streamCache };
}

describe('readHandoffAhead', () => {
  it('says "complete" for a stream that ends at once, with every chunk in the cache', async () => {
    const { context, cache } = contextWith(
      new ReadableStream({
        start(controller) {
          controller.enqueue(encoder.encode('[{"a":'));
          controller.enqueue(encoder.encode('1}]'));
          controller.close();
        },
      }),
    );
    expect(await readHandoffAhead(context)).toBe(true);
    const entries = Object.values(cache()).map((entry) => entry.result);
    expect(entries).toEqual([
      { done: false, value: '[{"a":' },
      { done: false, value: '1}]' },
      { done: true, value: '' },
    ]);
    // React Router's own reader is given a stream nobody else holds.
    expect(context.serverHandoffStream?.locked).toBe(false);
  });

  it('says "stream" while data is still coming, and fills the cache as it arrives', async () => {
    let push!: (text: string | null) => void;
    const { context, cache } = contextWith(
      new ReadableStream({
        start(controller) {
          controller.enqueue(encoder.encode('first'));
          push = (text) =>
            text === null ? controller.close() : controller.enqueue(encoder.encode(text));
        },
      }),
    );
    expect(await readHandoffAhead(context)).toBe(false);
    expect(cache()[0]!.result).toEqual({ done: false, value: 'first' });
    expect(cache()[1]!.result).toBeUndefined();
    push('later');
    push(null);
    await cache()[1];
    expect(cache()[1]!.result).toEqual({ done: false, value: 'later' });
    await cache()[2];
    expect(cache()[2]!.result).toEqual({ done: true, value: '' });
  });

  it('leaves a context without a handoff stream alone', async () => {
    expect(await readHandoffAhead({} as EntryContext)).toBe(true);
  });
});
