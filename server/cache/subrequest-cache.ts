import { LRUCache } from 'lru-cache';
import { dropShopKeys } from './shop-keys';
import { CATALOGUE_BASE } from '../../shared/contracts/catalogue';
import { CMS_BASE } from '../../shared/contracts/cms';

// The gateway's cache of public platform data (issue #11 item 5, ADR 0153): catalogue (products,
// brands, categories, search, suggestions) and CMS content (home, navigation, pages, policies).
// Keyed by shop origin + path, fetched WITHOUT the visitor's token (the answer cannot depend on
// a shopper), one fetch in flight per key, stale answers served while one refresh runs, bounded
// by a byte budget. Offerings (stock, prices for the cart), the page context and everything
// personal never go through it.
export type CacheStatus = 'hit' | 'stale' | 'miss' | 'bypass';
export type Freshness = 'fresh' | 'stale' | null;
export type CachedAnswer = { status: number; text: string };
type Context = { load: () => Promise<CachedAnswer> };
type Loaded = CachedAnswer & { at: number; version: number };

// A platform answer that is not kept (not a 200), thrown by the fill: lru-cache then stores
// nothing for it, and every caller that waited on that fill is handed the same answer.
class NotKept extends Error {
  constructor(readonly answer: CachedAnswer) {
    super(`Not kept: ${answer.status}`);
  }
}

// Every fetched answer's number: what tells a refreshed answer from the one before it. A refresh
// that brings the same answer keeps its number: what was built on it (a document template, ADR
// 0203) is still exactly right, and stays in use once the answer is fresh again (ADR 0296).
let versions = 0;

// Fresh for `ttl`; after that served stale (and refreshed) for up to `stale` more.
export type Preset = { ttl: number; stale: number };
const SHORT: Preset = { ttl: 30_000, stale: 5 * 60_000 };
const LONG: Preset = { ttl: 5 * 60_000, stale: 60 * 60_000 };

const CATALOGUE = `${CATALOGUE_BASE}/`;
const RULES: { test: (path: string) => boolean; preset: Preset }[] = [
  { test: (p) => /^\/(search|suggest)\?/.test(p), preset: SHORT },
  { test: (p) => /^\/products(\/|\?)/.test(p), preset: SHORT },
  { test: (p) => /^\/(brands|categories)(\/|\?|$)/.test(p), preset: LONG },
];
const CMS = /^\/(home|navigation|pages|policies)(\/|\?|$)/;

/** How long a GET of `path` may be cached, or null: not public data. */
export function cachePreset(path: string): Preset | null {
  if (path.includes('..') || path.includes('%2e') || path.includes('%2E')) return null;
  if (path.startsWith(CATALOGUE)) {
    const rest = path.slice(CATALOGUE.length - 1);
    return RULES.find((rule) => rule.test(rest))?.preset ?? null;
  }
  if (path.startsWith(`${CMS_BASE}/`)) {
    return CMS.test(path.slice(CMS_BASE.length)) ? LONG : null;
  }
  return null;
}

export type SubrequestCache = {
  /**
   * `load` runs without credentials, once per fill: its answer, or its error, goes to every
   * caller that waited on that fill; only 200 answers are kept.
   */
  get(
    shopOrigin: string,
    path: string,
    load: () => Promise<CachedAnswer>,
  ): Promise<{ answer: CachedAnswer; status: CacheStatus; version?: number }>;
  /**
   * What answer `version` is now, for a document template built on it (ADR 0203, 0305): `fresh`
   * (within its ttl), `stale` (what a read would be served while its refresh runs), or null (the
   * cache's answer is another, it was dropped, or it is too old to be served).
   */
  freshness(shopOrigin: string, path: string, version: number): Freshness;
  /** Drops every entry, or those of one shop origin; answers how many. */
  purge(shopOrigin?: string): number;
  readonly size: number;
  readonly bytes: number;
};

export function createSubrequestCache(options: {
  maxBytes: number;
  /** Replaces the presets' durations (tests). */
  durations?: Preset;
  /**
   * The clock of answers' ages, the LRU's too (one clock for both; a test's own): milliseconds,
   * monotonic (performance.now), so a change of the wall clock ages nothing.
   */
  now?: () => number;
}): SubrequestCache {
  const now = options.now ?? (() => performance.now());
  // The keys being filled or refreshed, which lru-cache's keys() leaves out: a purge drops them
  // too (deleted, a fill still answers who waited on it and is not kept: ignoreFetchAbort below).
  const inFlight = new Set<string>();
  const lru = new LRUCache<string, Loaded, Context>({
    perf: { now },
    // Reads the clock at each check instead of keeping a reading for a millisecond by a timer:
    // the answers' ages and the LRU's agree.
    ttlResolution: 0,
    maxSize: options.maxBytes,
    // Key and text, in UTF-16 code units: close enough for a budget.
    sizeCalculation: (value, key) => value.text.length + key.length + 64,
    maxEntrySize: Math.max(1, Math.floor(options.maxBytes / 8)),
    allowStale: true,
    // A fill that fails keeps the stale answer it was refreshing, if any (served meanwhile), and
    // rejects every caller that waited on it with its error: the same outcome for all of them, and
    // the read is not loaded again (its only retry is the platform call's own, ADR 0355, 0358).
    noDeleteOnFetchRejection: true,
    allowStaleOnFetchRejection: false,
    // A fill whose entry is evicted (or dropped) while it runs still answers those who waited on
    // it, and is not kept: they are not left without an answer nor sent to load it again.
    ignoreFetchAbort: true,
    fetchMethod: async (key, stale, { context }) => {
      inFlight.add(key);
      let answer: CachedAnswer;
      try {
        answer = await context.load();
      } finally {
        inFlight.delete(key);
      }
      if (answer.status !== 200) {
        // A refresh's 5xx says nothing of the data: the stale answer stays served. Any other
        // (a 404: the product is gone) drops it, so that the next read asks the platform. With
        // no stale answer, lru-cache drops the entry itself.
        if (answer.status < 500 && stale !== undefined) lru.delete(key);
        throw new NotKept(answer);
      }
      const same = stale !== undefined && stale.text === answer.text;
      return { ...answer, at: now(), version: same ? stale.version : (versions += 1) };
    },
  });

  return {
    async get(shopOrigin, path, load) {
      const known = cachePreset(path);
      if (!known) return { answer: await load(), status: 'bypass' };
      const preset = options.durations ?? known;
      const key = `${shopOrigin} ${path}`;
      const status: LRUCache.Status<string, Loaded, Context> = {};
      let value: Loaded | undefined;
      try {
        // A fill that failed without a stale answer throws its error here (ADR 0358).
        value = await lru.fetch(key, { context: { load }, ttl: preset.ttl, status });
        // Too old to serve while it refreshes: wait for the refresh that fetch() just started;
        // if the service fails it, the old answer rather than none (a stale one is, meanwhile).
        if (value && now() - value.at > preset.ttl + preset.stale) {
          const old = value;
          value = await lru
            .fetch(key, { context: { load }, ttl: preset.ttl, allowStale: false })
            .catch((error: unknown) => {
              if (error instanceof NotKept && error.answer.status < 500) throw error;
              return old;
            });
          status.fetch = 'miss';
        }
      } catch (error) {
        if (error instanceof NotKept) return { answer: error.answer, status: 'miss' };
        throw error;
      }
      // fetchMethod answers or throws, and ignoreFetchAbort lets an evicted fill answer.
      if (!value) throw new Error(`The sub-request cache had no answer for ${path}`);
      // A value older than its ttl is stale (served while the refresh runs, or joined to it).
      const kind: CacheStatus =
        now() - value.at > preset.ttl ? 'stale' : status.fetch === 'hit' ? 'hit' : 'miss';
      const answer = { status: value.status, text: value.text };
      return { answer, status: kind, version: value.version };
    },
    freshness(shopOrigin, path, version) {
      const value = lru.peek(`${shopOrigin} ${path}`, { allowStale: true });
      const preset = options.durations ?? cachePreset(path);
      if (value?.version !== version || !preset) return null;
      const age = now() - value.at;
      return age <= preset.ttl ? 'fresh' : age <= preset.ttl + preset.stale ? 'stale' : null;
    },
    purge: (shopOrigin) =>
      dropShopKeys(
        { keys: () => [...lru.keys(), ...inFlight], delete: (key) => lru.delete(key) },
        shopOrigin,
      ),
    get size() {
      return lru.size;
    },
    get bytes() {
      return lru.calculatedSize;
    },
  };
}
