import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { CidContext, readCidFromDocument } from './lib/cid-context';
import { startBuildWatch } from './runtime/build-watch';

const cid = readCidFromDocument();
const manifest = (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest;
if (manifest?.version) startBuildWatch(manifest.version);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <CidContext.Provider value={cid}>
        <HydratedRouter />
      </CidContext.Provider>
    </StrictMode>,
  );
});
