import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { whenIdle } from './lib/idle';
import { holdIslandSubmits } from './lib/island-submits';
import { guardChunkLoads } from './runtime/chunk-guard';
import { reportError, startReporting } from './runtime/reporting';
import { watchRequests } from './runtime/request-ids';

// What entry.client does (ADRs 0209, 0302). Called by entry.client once React Router's page script
// has registered the route modules and its manifest, not run on import: that script imports the
// route modules, and with them the app chunk that holds this file and entry.client, first.
export function start(): void {
  startReporting();
  watchRequests();
  holdIslandSubmits(); // before the chunk guard: its vite:preloadError listener goes first
  guardChunkLoads();
  // The build watcher's code loads once the page is idle (not on the first paint). ADR 0152.
  whenIdle(() => void import('./runtime/build-watch').then((m) => m.startBuildWatch()));

  // StrictMode's checks are development-only: a production build leaves it out (React's
  // production build does nothing with it).
  startTransition(() => {
    hydrateRoot(
      document,
      import.meta.env.DEV ? (
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      ) : (
        <HydratedRouter />
      ),
      {
        // Render errors the error boundaries caught, and those none did.
        onCaughtError: reportError,
        onUncaughtError: reportError,
      },
    );
  });
}
