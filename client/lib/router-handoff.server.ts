import type { EntryContext } from 'react-router';

// React Router (pinned at 7.18.4) sends the loaders' data to the browser through a stream that its
// <StreamTransfer> reads chunk by chunk, suspending on each read: that one Suspense is why every
// page needed React's (costly) streaming renderer. Here the stream is read whole first, into the
// very cache StreamTransfer consults (renderMeta.streamCache, entries keyed 0, 1, 2...; each a
// promise carrying `result` or `error`), so the page renders in one go without suspending.
// An internal of React Router: tests/e2e/render-to-string.test.ts guards it (ADR 0151).
type CacheEntry = Promise<void> & { result?: { done: boolean; value: string }; error?: unknown };
type RenderMeta = { streamCache?: Record<number, CacheEntry> };

/** Reads the handoff stream into the render cache; resolves once it ended (or failed). */
export function readHandoff(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream) return Promise.resolve();
  const meta = ((context as { renderMeta?: RenderMeta }).renderMeta ??= {});
  const cache = (meta.streamCache ??= {});
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  // StreamTransfer takes a reader of its own at render: give it a stream nobody reads, since
  // every entry it asks for is already in the cache.
  context.serverHandoffStream = new ReadableStream();

  let ended!: () => void;
  const finished = new Promise<void>((resolve) => (ended = resolve));
  const read = (id: number) => {
    const entry: CacheEntry = reader.read().then(
      (chunk) => {
        entry.result = {
          done: chunk.done,
          value: decoder.decode(chunk.value, { stream: !chunk.done }),
        };
        if (chunk.done) ended();
        else read(id + 1);
      },
      (error: unknown) => {
        entry.error = error;
        ended();
      },
    );
    cache[id] = entry;
  };
  read(0);
  return finished;
}
