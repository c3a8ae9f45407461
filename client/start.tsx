import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import {
  CidContext,
  readCidFromDocument,
  readReportingDsnFromDocument,
  ReportingDsnContext,
} from './lib/cid-context';
import { whenIdle } from './lib/idle';
import { pageBuildVersion } from './lib/react-router-adapter';
import { holdIslandSubmits } from './lib/island-submits';
import { guardChunkLoads } from './runtime/chunk-guard';
import { reportError, startReporting } from './runtime/reporting';
import { watchRequests } from './runtime/request-ids';

// What entry.client does, in the app chunk (vite.config.ts) rather than a file of its own: one
// file less on every first load (ADR 0209). Called by entry.client, not run on import: React
// Router's page script imports the route modules (and with them the app chunk) before it
// imports entry.client, once their exports are registered.
export function start(): void {
  const cid = readCidFromDocument();
  const reportingDsn = readReportingDsnFromDocument();
  startReporting();
  watchRequests();
  holdIslandSubmits(); // before the chunk guard: its vite:preloadError listener goes first
  guardChunkLoads();
  // The build watcher's code loads once the page is idle (not on the first paint). ADR 0152.
  const version = pageBuildVersion();
  if (version) {
    whenIdle(() => void import('./runtime/build-watch').then((m) => m.startBuildWatch(version)));
  }

  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <CidContext.Provider value={cid}>
          <ReportingDsnContext.Provider value={reportingDsn}>
            <HydratedRouter />
          </ReportingDsnContext.Provider>
        </CidContext.Provider>
      </StrictMode>,
      {
        // Render errors the error boundaries caught, and those none did.
        onCaughtError: (error) => void reportError(error),
        onUncaughtError: (error) => void reportError(error),
      },
    );
  });
}
