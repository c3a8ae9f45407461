// undici writes a call on a kept-alive connection from the event loop's check phase, once it has
// read whatever the idle socket may hold (its fix for GHSA-35p6-xmwp-9g52): a call made now
// leaves only when the synchronous work after it is done. A page that starts its calls and then
// renders at once would hold them back by its own start (React Router's request, its loaders);
// this lets them leave first (ADR 0294). Two turns: the calls that wait for the page's token are
// made in the microtasks after the first ones, and their writes queue behind this first turn.
export function callsSent(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
