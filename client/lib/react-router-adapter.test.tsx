import { readFileSync } from 'node:fs';
import { renderToString } from 'react-dom/server';
import { useLocation, useRouteLoaderData, type EntryContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { inRouterState, readHandoff, renderedPage } from './react-router-adapter';

// The adapter to React Router's internals (ADR 0212), against the version it was written for.
it('is pinned to the React Router version whose internals it reads', () => {
  const version = JSON.parse(
    readFileSync('node_modules/react-router/package.json', 'utf8'),
  ).version;
  // A new version: check each part of react-router-adapter.tsx, then move this pin.
  expect(version).toBe('7.18.4');
});

// The read of React Router's handoff stream into its render cache (ADR 0151): every chunk is
// there once it resolves, however late the last one comes.
type Cache = Record<number, { result?: { done: boolean; value: string } } & Promise<void>>;
const encoder = new TextEncoder();

function contextWith(stream: ReadableStream<Uint8Array>) {
  const context = { serverHandoffStream: stream, renderMeta: {} } as unknown as EntryContext;
  const cache = () => (context as unknown as { renderMeta: { streamCache: Cache } }).renderMeta;
  return { context, cache: () => cache().streamCache };
}

describe('readHandoff', () => {
  it('fills the cache with every chunk of a stream that ends at once', async () => {
    const { context, cache } = contextWith(
      new ReadableStream({
        start(controller) {
          controller.enqueue(encoder.encode('[{"a":'));
          controller.enqueue(encoder.encode('1}]'));
          controller.close();
        },
      }),
    );
    await readHandoff(context);
    const entries = Object.values(cache()).map((entry) => entry.result);
    expect(entries).toEqual([
      { done: false, value: '[{"a":' },
      { done: false, value: '1}]' },
      { done: true, value: '' },
    ]);
    // React Router's own reader is given a stream nobody else holds, at every render: a
    // document rendered twice (a template first, then whole) takes a reader twice.
    context.serverHandoffStream!.getReader();
    expect(context.serverHandoffStream?.locked).toBe(false);
  });

  it('waits for data still coming, and fills the cache as it arrives', async () => {
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
    let done = false;
    const reading = readHandoff(context).then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    expect(cache()[0]!.result).toEqual({ done: false, value: 'first' });
    expect(cache()[1]!.result).toBeUndefined();
    push('later');
    push(null);
    await reading;
    expect(cache()[1]!.result).toEqual({ done: false, value: 'later' });
    expect(cache()[2]!.result).toEqual({ done: true, value: '' });
  });

  it('leaves a context without a handoff stream alone', async () => {
    await expect(readHandoff({} as EntryContext)).resolves.toBeUndefined();
  });
});

describe('a template and its holes (ADR 0203)', () => {
  const location = { pathname: '/search/milk', search: '', hash: '', state: null, key: 'k' };

  it('reads what a server render matched', () => {
    const context = {
      staticHandlerContext: {
        matches: [{ route: { id: 'root' } }, { route: { id: 'search-results' } }],
        loaderData: { root: { tenant: 'fresh' }, 'search-results': {} },
        location,
      },
    } as unknown as EntryContext;
    expect(renderedPage(context)).toEqual({
      leaf: 'search-results',
      rootData: { tenant: 'fresh' },
      location,
    });
  });

  it("renders holes with the location and the root's data, as React Router's hooks read them", () => {
    function Hole() {
      const root = useRouteLoaderData('root') as { tenant: string };
      return <p>{`${useLocation().pathname} ${root.tenant}`}</p>;
    }
    const html = renderToString(
      inRouterState({ location, rootData: { tenant: 'fresh' } }, <Hole />),
    );
    expect(html).toBe('<p>/search/milk fresh</p>');
  });
});
