import type { ReactElement, ReactNode } from 'react';
import {
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_LocationContext as LocationContext,
  type DataRouter,
  type EntryContext,
  type Location,
} from 'react-router';

// What the shop uses of React Router beyond its public API, in this one file (ADR 0212), against
// React Router 7.18.4: the handoff stream's render cache (ADR 0151), what a server render matched
// and the contexts a template's holes are rendered in (ADR 0203), and the router and manifest
// HydratedRouter publishes on window (the browser runtime). Pinned by react-router-adapter.test.tsx
// and tests/e2e/render-to-string.test.ts: on a new version, check each part, then move the pins.

// React Router sends the loaders' data to the browser through a stream that its <StreamTransfer>
// reads chunk by chunk, suspending on each read: that one Suspense is why every page needed
// React's (costly) streaming renderer. Here the stream is read whole first, into the very cache
// StreamTransfer consults (renderMeta.streamCache, entries keyed 0, 1, 2...; each a promise
// carrying `result` or `error`), so the page renders in one go without suspending.
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
  // StreamTransfer takes a reader of its own at each render: give every render a new stream
  // nobody reads, since every entry it asks for is already in the cache. (A document may be
  // rendered twice: as a template first, then whole when the template read the visitor.)
  Object.defineProperty(context, 'serverHandoffStream', {
    get: () => new ReadableStream(),
    configurable: true,
    enumerable: true,
  });

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

/** The page a server render matched: its leaf route's id, the root loader's data, the location. */
export type RenderedPage = { leaf: string; rootData: unknown; location: Location };

export function renderedPage(context: EntryContext): RenderedPage {
  const { matches, loaderData, location } = context.staticHandlerContext;
  return { leaf: matches.at(-1)?.route.id ?? '', rootData: loaderData.root, location };
}

/**
 * `children` in the router state a template's holes read outside the router (ADR 0203): the
 * location, and the root loader's data (useRouteLoaderData('root')).
 */
export function inRouterState(
  page: Pick<RenderedPage, 'rootData' | 'location'>,
  children: ReactNode,
): ReactElement {
  const state = { loaderData: { root: page.rootData } } as never;
  return (
    <LocationContext.Provider value={{ location: page.location, navigationType: 'POP' as never }}>
      <DataRouterStateContext.Provider value={state}>{children}</DataRouterStateContext.Provider>
    </LocationContext.Provider>
  );
}

/** The browser's router, as HydratedRouter publishes it (none before hydration). */
export function browserRouter(): DataRouter | undefined {
  return (window as { __reactRouterDataRouter?: DataRouter }).__reactRouterDataRouter;
}

/** The version of the build this page came from, as React Router's manifest names it. */
export function pageBuildVersion(): string | undefined {
  return (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest
    ?.version;
}
