import { useEffect } from 'react';
import { consented } from './consented';
import type * as Sender from './sender';

// The only analytics code of a first load (ADR 0267): whether the shopper consented (the
// first-party cookie the consent form sets; the Global Privacy Control signal declines), and
// the event, which loads the event sender (./sender.ts) at the first event after consent. Before
// a choice, after a decline or with GPC, nothing is loaded and nothing is sent.
export type TrackParams = Sender.TrackParams;
let sender: Promise<typeof Sender> | null = null;

/** Tracks once per value of `key` (a page, a product, a search), after the render. */
export function useTrack(name: string, key: string | null, params: () => TrackParams): void {
  useEffect(() => {
    if (key === null || !consented()) return;
    // Read now, when `key` changed (not when the sender is there).
    const event = params();
    (sender ??= import('./sender')).then(
      (m) => m.send(name, event),
      () => (sender = null),
    );
    // `params` is read when `key` changes only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name, key]);
}
