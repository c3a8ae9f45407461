import { start } from './start';

// This file is in the app chunk (vite.config.ts, ADR 0302), which the page's route modules import:
// it runs while React Router's page script imports them, before that script registers them and its
// manifest on window for hydration to read. A microtask later that script has run.
queueMicrotask(start);
