import { browserRouter, pageBuildVersion } from '../lib/react-router-adapter';
import { mayReload } from './reload-guard';
import { whenIdle } from '../lib/idle';

// The browser runtime's update check (specification sections 4, 7 and 9): a second after the page
// is idle it reads this build's metadata (/assets/builds/meta/{buildId}.json, written at build
// time; a failure is only logged), then asks the gateway which build is current, again every few
// minutes. A newer build (by its metadata's time, so a replica still on an older build during a
// rolling deployment does not count) makes the next navigation a full page load, through the
// reload guard (chunk-load failures: ./chunk-guard.ts). docs/decisions/0177.
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
    // Not readable yet (another replica): decide at the next poll.
    const latest = await fetchMeta(buildId).catch(() => null);
    if (!latest) return;
    if (!appManifest || latest.timestamp > appManifest.timestamp) newerBuild = true;
  } catch {
    // Offline or the gateway restarting: try again at the next poll.
  }
}

/** Loads `path` from the server instead of navigating on the client, if the guard allows it. */
export function reloadFor(path: string): boolean {
  if (!mayReload(path, window.sessionStorage)) return false;
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
  window.setTimeout(
    () => whenIdle(() => void loadAppManifest(current).then(() => checkBuild(current))),
    1_000,
  );
  window.setInterval(() => void checkBuild(current), BUILD_POLL_MS);
}
