import { z } from 'zod';
import { token, unlessEmpty, wholeNumber } from './values';

// The gateway's caches and how pages are rendered.
export const cachesFields = {
  /** Gateway cache of public platform data, in MB; 0 turns it off (docs/decisions/0153). */
  SUBREQUEST_CACHE_MB: wholeNumber(0, 1024, 16),
  /** Document templates (ADR 0203), in MB; 0 turns them off. */
  TEMPLATE_CACHE_MB: wholeNumber(0, 1024, 8),
  /** Anonymous page cache, seconds a page is kept; 0 (the default) turns it off (ADR 0154). */
  PAGE_CACHE_SECONDS: wholeNumber(0, 3600, 0),
  /** A session's document starts before its data (ADR 0271); off sends every page whole. */
  EARLY_HEAD: z.enum(['on', 'off']).default('on'),
  /** Milliseconds a session's page waits for its data before its head goes early (ADR 0287). */
  EARLY_HEAD_AFTER_MS: wholeNumber(0, 10_000, 15),
  /** Bearer token of POST /internal/cache/purge; the endpoint answers 404 without it. */
  CACHE_PURGE_TOKEN: unlessEmpty(token(16)),
};

export type CachesConfig = {
  subrequestCacheMb: number;
  pageCacheSeconds: number;
  earlyHead: boolean;
  earlyHeadAfterMs: number;
  templateCacheMb: number;
  cachePurgeToken?: string;
};

type Env = z.infer<z.ZodObject<typeof cachesFields>>;

export const readCaches = (e: Env): CachesConfig => ({
  subrequestCacheMb: e.SUBREQUEST_CACHE_MB,
  pageCacheSeconds: e.PAGE_CACHE_SECONDS,
  earlyHead: e.EARLY_HEAD === 'on',
  earlyHeadAfterMs: e.EARLY_HEAD_AFTER_MS,
  templateCacheMb: e.TEMPLATE_CACHE_MB,
  cachePurgeToken: e.CACHE_PURGE_TOKEN,
});
