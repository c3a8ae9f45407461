import { lazy, memo, Suspense, type ComponentType } from 'react';

// Islands (docs/decisions/0204): parts of a page whose code is not on the first load. The server
// renders them in full (they work without JavaScript: links and forms); the browser keeps that
// HTML as a dehydrated Suspense boundary and fetches and hydrates the code once the page is idle
// or at the shopper's first interaction (pointer, key, focus), whichever comes first. After that
// every island, including those of later client navigations, loads at once.
// Usage, in a `*.island.ts` file (the server imports the component itself, the browser never):
//   export const X = island(() => import('./x').then((m) => m.X),
//     import.meta.env.SSR ? (await import('./x')).X : null);
let started: Promise<void> | null = null;
const TRIGGERS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/** Resolves when islands may load: the page is idle or the shopper interacted. */
export function islandsMayLoad(): Promise<void> {
  started ??= new Promise<void>((resolve) => {
    const go = () => {
      for (const type of TRIGGERS) removeEventListener(type, go, true);
      resolve();
    };
    for (const type of TRIGGERS) addEventListener(type, go, { capture: true, passive: true });
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1));
    idle(go);
  });
  return started;
}

// `any` props: React's own ComponentType constraint; the island keeps the component's type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function island<C extends ComponentType<any>>(load: () => Promise<C>, server: C | null): C {
  const Component = (server ??
    lazy(() =>
      islandsMayLoad()
        .then(load)
        .then((loaded) => ({ default: loaded })),
    )) as ComponentType;
  // memo: a dehydrated island re-rendered with equal props stays as the server rendered it.
  const Island = memo((props: object) => (
    <Suspense fallback={null}>
      <Component {...props} />
    </Suspense>
  ));
  Island.displayName = 'Island';
  return Island as unknown as C;
}
