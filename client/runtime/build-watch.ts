import { mayReload } from './reload-guard';

// The browser runtime's update check (specification sections 4 and 9): a second after the page is
// idle, then every few minutes, ask the gateway which build is current. When a newer one is out,
// the next navigation is a full page load, through the reload guard (chunk-load failures:
// ./chunk-guard.ts).
export const BUILD_POLL_MS = 5 * 60_000;
let newerBuild = false;

export function newerBuildAvailable(): boolean {
  return newerBuild;
}

async function checkBuild(current: string): Promise<void> {
  try {
    const response = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!response.ok) return;
    const { buildId } = (await response.json()) as { buildId?: string };
    if (buildId && buildId !== current) newerBuild = true;
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

export function startBuildWatch(current: string): void {
  const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1));
  window.setTimeout(() => idle(() => void checkBuild(current)), 1_000);
  window.setInterval(() => void checkBuild(current), BUILD_POLL_MS);
}
