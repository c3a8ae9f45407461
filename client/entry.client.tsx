import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { CidContext, readCidFromDocument } from './lib/cid-context';

const cid = readCidFromDocument();

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
