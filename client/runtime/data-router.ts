import type { DataRouter } from 'react-router';

// The browser's router as React Router's HydratedRouter publishes it on window: the runtime reads
// its state and follows it from outside React (chunk-guard.ts, build-watch.ts, pending-page.ts).
// A type only: nothing of it reaches the bundle.
export type RouterWindow = Window & { __reactRouterDataRouter?: DataRouter };
