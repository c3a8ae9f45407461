// The gateway process's entry (dist/server/main.js): NODE_ENV settled first (./node-env.ts), then
// the process itself (./gateway-process.ts). It is imported here, after: a bundle puts every
// package import at its top, before any code of its own, so React and the libraries would have
// read NODE_ENV unsettled (React's development build beside react-dom's production one: every page
// a 500) had they been imported with it (ADR 0312).
import './node-env';

await import('./gateway-process');
