import type { EntryContext } from 'react-router';

// React Router (pinned at 7.18.4) sends the loaders' data to the browser through a stream that its
// <StreamTransfer> reads chunk by chunk, suspending on each read: that one Suspense is why every
// page needed React's (costly) streaming renderer. Here the stream is read ahead, into the very
// cache StreamTransfer consults (renderMeta.streamCache, entries keyed 0, 1, 2...; each a promise
// carrying `result` or `error`), so a page whose data is all there renders without suspending.
// An internal of React Router: tests/integration/render-to-string.test.ts guards it (ADR 0151).
type CacheEntry = Promise<void> & { result?: { done: boolean; value: string }; error?: unknown };
type RenderMeta = { streamCache?: Record<number, CacheEntry> };

/**
 * Starts reading the handoff stream into the render cache; resolves `true` when it ended before
 * the next turn of the event loop (nothing deferred: render the document in one go), `false` when
 * data is still coming (a page that defers: stream it; the reads go on and fill the cache).
 */
export function readHandoffAhead(context: EntryContext): Promise<boolean> {
  const stream = context.serverHandoffStream;
  if (!stream) return Promise.resolve(true);
  const meta = ((context as { renderMeta?: RenderMeta }).renderMeta ??= {});
  const cache = (meta.streamCache ??= {});
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  // StreamTransfer takes a reader of its own at render: give it a stream nobody reads, since
  // every entry it asks for is already in the cache (entry n+1 is added as soon as n resolves,
  // before React is told n is ready).
  context.serverHandoffStream = new ReadableStream();

  let ended!: (done: boolean) => void;
  const finished = new Promise<boolean>((resolve) => (ended = resolve));
  const read = (id: number) => {
    const entry: CacheEntry = reader.read().then(
      (chunk) => {
        entry.result = {
          done: chunk.done,
          value: decoder.decode(chunk.value, { stream: !chunk.done }),
        };
        if (chunk.done) ended(true);
        else read(id + 1);
      },
      (error: unknown) => {
        entry.error = error;
        ended(true);
      },
    );
    cache[id] = entry;
  };
  read(0);
  return Promise.race([
    finished,
    new Promise<boolean>((resolve) => setImmediate(() => resolve(false))),
  ]);
}
