import { useEffect } from 'react';
import type * as Sender from './sender';

// The only analytics code of a first load (ADR 0267): whether the shopper consented (the
// first-party cookie the consent form sets; the Global Privacy Control signal declines), and
// `track`, which loads the event sender (./sender.ts) at the first event after consent. Before a
// choice, after a decline or with GPC, nothing is loaded and nothing is sent.
export type TrackParams = Sender.TrackParams;
let sender: Promise<typeof Sender> | null = null;

export function consented(): boolean {
  if (import.meta.env.SSR) return false;
  if ((navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true) return false;
  return /(?:^|;\s*)consent=analytics:1(?:;|$)/.test(document.cookie);
}

export function track(name: string, params: TrackParams = {}): void {
  if (!consented()) return;
  (sender ??= import('./sender')).then(
    (m) => m.send(name, params),
    () => (sender = null),
  );
}

/** Tracks once per value of `key` (a page, a product, a search), after the render. */
export function useTrack(name: string, key: string | null, params: () => TrackParams): void {
  useEffect(() => {
    if (key !== null) track(name, params());
    // `params` is read when `key` changes only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name, key]);
}
