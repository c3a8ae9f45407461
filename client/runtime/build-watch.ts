import { browserRouter, pageBuildVersion } from '../lib/react-router-adapter';
import { mayReload } from './reload-guard';
import { whenIdle } from '../lib/idle';

// The browser runtime's update check (specification sections 4, 7 and 9): a second after the page
// is idle it reads this build's metadata (/assets/builds/meta/{buildId}.json, written at build
// time; a failure is only logged), then asks the gateway which build is current, again every few
// minutes while the tab is visible, until a newer one is found. A newer build (by its metadata's
// time, so a replica still on an older build during a rolling deployment does not count) makes the
// next navigation a full page load, through the reload guard (chunk-load failures:
// ./chunk-guard.ts). docs/decisions/0177.
export const BUILD_POLL_MS = 5 * 60_000;
export type BuildMeta = {
  id: string;
  timestamp: number;
  routes: { id: string; path: string; pattern: string; middleware: string[] }[];
};
let newerBuild = false;
let appManifest: BuildMeta | null = null;

export function newerBuildAvailable(): boolean {
  return newerBuild;
}
/** This build's metadata (route rules), once loaded. */
export function buildMeta(): BuildMeta | null {
  return appManifest;
}

async function fetchMeta(buildId: string): Promise<BuildMeta | null> {
  const response = await fetch(`/assets/builds/meta/${encodeURIComponent(buildId)}.json`);
  if (!response.ok) throw new Error(`[${response.status}] ${response.statusText}`);
  return (await response.json()) as BuildMeta;
}

async function loadAppManifest(current: string): Promise<void> {
  try {
    appManifest = await fetchMeta(current);
  } catch (error) {
    console.warn(`App manifest not loaded: ${(error as Error).message}`);
  }
}

async function checkBuild(current: string): Promise<void> {
  try {
    const response = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!response.ok) return;
    const { buildId } = (await response.json()) as { buildId?: string };
    if (!buildId || buildId === current) return;
    // Without our own build's time an older build (a replica not yet updated) would count as
    // newer: read it again if its first read failed, else decide at the next poll.
    appManifest ??= await fetchMeta(current).catch(() => null);
    if (!appManifest) return;
    // Not readable yet (another replica): decide at the next poll.
    const latest = await fetchMeta(buildId).catch(() => null);
    if (!latest) return;
    if (latest.timestamp > appManifest.timestamp) newerBuild = true;
  } catch {
    // Offline or the gateway restarting: try again at the next poll.
  }
}

/** Loads `path` from the server instead of navigating on the client, if the guard allows it. */
export function reloadFor(path: string): boolean {
  if (!mayReload(path)) return false;
  window.location.assign(path);
  return true;
}

export function startBuildWatch(): void {
  const current = pageBuildVersion();
  if (!current) return;
  // Each client navigation, once it has moved to its new location: with a newer build out, that
  // location is loaded from the server instead (this file loads at idle: a navigation before that
  // has no newer build to know of). Here rather than in the root route: off the first load.
  const router = browserRouter();
  let location = router?.state.location;
  router?.subscribe((state) => {
    if (state.location === location) return;
    location = state.location;
    if (newerBuild) reloadFor(location.pathname + location.search);
  });
  // Polls only while the page is seen (a hidden tab navigates nowhere; a tab shown again after a
  // poll was due checks at once), and no more once a newer build is known.
  let lastCheck = 0;
  const check = (first = false) => {
    if (newerBuild || (document.hidden && !first)) return;
    lastCheck = Date.now();
    const before = first ? loadAppManifest(current) : Promise.resolve();
    void before.then(() => checkBuild(current)).then(() => newerBuild && stop());
  };
  const onShown = () => {
    if (Date.now() - lastCheck >= BUILD_POLL_MS) check();
  };
  const timer = window.setInterval(() => check(), BUILD_POLL_MS);
  const stop = () => {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', onShown);
  };
  document.addEventListener('visibilitychange', onShown);
  window.setTimeout(() => whenIdle(() => check(true)), 1_000);
}
