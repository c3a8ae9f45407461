import {
  createContext,
  memo,
  Suspense,
  use,
  useContext,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useActionData, useLoaderData, useParams } from 'react-router';
import { whenIdle } from './idle';

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
    whenIdle(go);
  });
  return started;
}

// Whether the enclosing island keeps server HTML (null: not inside an island).
const ServerHtml = createContext<boolean | null>(null);
/** Whether React has hydrated the page (`<html data-hydrated>`, the shell's); not on the server. */
export const pageHydrated = () =>
  !import.meta.env.SSR && document.documentElement.dataset.hydrated === 'true';

// `any` props: React's own ComponentType constraint; the island keeps the component's type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function island<C extends ComponentType<any>>(
  load: () => Promise<C>,
  server: C | null,
): C & { preload: () => Promise<C> } {
  // The code, fetched once; marked fulfilled as soon as it is there, so React's `use` renders
  // it without suspending (a navigation that preloaded it shows the page in the same commit).
  let code: (Promise<C> & { status?: 'fulfilled'; value?: C }) | null = null;
  const preload = () => {
    if (!code) {
      const pending: Promise<C> & { status?: 'fulfilled'; value?: C } = islandsMayLoad().then(load);
      pending.then(
        (value) => Object.assign(pending, { status: 'fulfilled', value }),
        () => {},
      );
      code = pending;
    }
    return code;
  };
  const Loaded = (props: object) => {
    const Code = use(preload() as Promise<C>) as ComponentType;
    return <Code {...props} />;
  };
  const Component = (server ?? Loaded) as ComponentType;
  // memo: a dehydrated island re-rendered with equal props stays as the server rendered it.
  const Island = memo((props: object) => {
    // Mounted while hydrating (the page's first render, or inside an island hydrating later): a
    // Suspense boundary keeps the server's HTML until the code is there. Mounted by a client
    // render (a navigation): no boundary of its own, so the navigation's transition keeps the
    // previous page on screen until the code is there, instead of a blank. An island inside
    // another takes the outer one's answer: the page's hydration flag says nothing about it.
    const outer = useContext(ServerHtml);
    const [keepServerHtml] = useState(() => outer ?? !pageHydrated());
    const content = (
      <ServerHtml.Provider value={keepServerHtml}>
        <Component {...props} />
      </ServerHtml.Provider>
    );
    return keepServerHtml ? <Suspense fallback={null}>{content}</Suspense> : content;
  });
  return Object.assign(Island, { preload }) as unknown as C & { preload: () => Promise<C> };
}

/** What a page takes of its route's props; `matches` is left out (it need not be equal each time). */
type PageProps = { loaderData?: unknown; actionData?: unknown; params?: unknown };
type PageModule<P> = { default: ComponentType<P> };

/**
 * A route's page as an island (docs/decisions/0208): the route module's default export, so that
 * the page's own code is not on the first load. In the route module:
 *   const pageCode = () => import('../pages/x');
 *   const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
 *   export { Page as default };
 * React Router wraps an `export default` declaration in a component that passes the route's
 * props, an import of the framework chunk in every route module; exported as above it does not,
 * and the page reads them here with the same hooks (docs/decisions/0302).
 */
export function page<P extends PageProps>(
  load: () => Promise<PageModule<P>>,
  server: PageModule<P> | null,
): (props: P) => ReactNode {
  const Page = island(() => load().then((m) => m.default), server?.default ?? null);
  // A route module loaded after the page hydrated is a client navigation's: its page's code is
  // fetched now, beside the navigation's data, so that new URL and new page usually show in the
  // same commit (the code, once there, renders without suspending).
  if (pageHydrated()) void Page.preload();
  const RoutePage = () => (
    <Page
      {...({ loaderData: useLoaderData(), actionData: useActionData(), params: useParams() } as P)}
    />
  );
  return RoutePage;
}
