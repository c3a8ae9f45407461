import { useSyncExternalStore } from 'react';
import { browserRouter } from '../lib/react-router-adapter';
import { isChunkLoadError, mayReload } from './reload-guard';
import { reportError } from './reporting';

// Chunk-load failures (an old build's file gone after a deployment) load the page again from the
// server, inside the 10 s guard (specification sections 4 and 9; docs/decisions/0175), from the
// first paint on:
// - our lazy imports: Vite's preload helper fires `vite:preloadError` when one fails;
// - anything else that rejects with a chunk-load error and nobody catches;
// - React Router's own lazy route modules: it logs "Error loading route module …" and then reloads
//   the current page itself, unguarded. That log call loads the navigation's target instead when
//   the guard allows it, and throws either way, which stops the unguarded reload; when the guard
//   refuses, the root shows the error screen (useChunkFailure) and the failure is reported.
const ROUTE_MODULE_FAILED = 'Error loading route module';

const here = () => location.pathname + location.search;
let failedPath: string | null = null;
const listeners = new Set<() => void>();

function reloadForChunk() {
  if (mayReload(here())) location.reload();
}

function routeModuleFailed(message: string): never {
  const router = browserRouter();
  const to = router?.state.navigation.location;
  const target = to ? to.pathname + to.search : here();
  const error = new Error(`${message.split(',')[0]}: failed to fetch dynamically imported module`);
  if (mayReload(target)) {
    location.assign(target);
  } else {
    failedPath = target;
    for (const listener of listeners) listener();
    void reportError(error);
  }
  throw error;
}

export function guardChunkLoads(): void {
  // Not when a held form's post already loads the page again (lib/island-submits.ts).
  addEventListener('vite:preloadError', (event) => {
    if (!event.defaultPrevented) reloadForChunk();
  });
  addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) reloadForChunk();
  });
  const log = console.error;
  console.error = (...args: unknown[]) => {
    log.apply(console, args);
    const first = args[0];
    if (typeof first === 'string' && first.startsWith(ROUTE_MODULE_FAILED))
      routeModuleFailed(first);
  };
}

/** The path whose route module failed to load and may not be reloaded yet (null: none). */
export function useChunkFailure(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => failedPath,
    () => null,
  );
}
