import { z } from 'zod';
import { isAddressOrRange } from '../shared/address-range';
import { emptyAsUnset, listeningPort, wholeNumber } from '../shared/env-numbers';
import { otlpProtocolSetting } from '../shared/otlp-protocol';
import { logFormatSetting } from '../shared/log-format';
import type { Retention } from './db/bounded-table';

// Reference platform configuration, validated once at start; every bad field is named.

/** proxy-addr's names of address ranges (PLATFORM_TRUST_PROXY). */
const PROXY_ADDR_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

// External OpenID Connect issuers whose ID tokens uaa accepts, each for one audience (the shop's
// client id there): JSON [{"issuer": "...", "audience": "..."}].
const trustedIssuers = z
  .string()
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array' });
      return z.NEVER;
    }
  })
  .pipe(
    z.array(
      z.object({
        issuer: z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, '')),
        audience: z.string().min(1),
      }),
    ),
  );

// How much each development inbox keeps (docs/decisions/0359): its newest rows, and its days.
// Refused, not clamped: 0 would empty an inbox, a huge number would leave it unbounded.
const MAX_KEEP = 10_000_000;
const MAX_DAYS = 3_650;
/** A whole number from 1 to max, or its fallback; anything else named with what it counts. */
const retentionSetting = (what: string, max: number, fallback: number) => {
  const message = `must be a whole number of ${what}, 1-${max}`;
  return z.preprocess(
    emptyAsUnset,
    z.coerce
      .number({ error: message })
      .int(message)
      .min(1, message)
      .max(max, message)
      .default(fallback),
  );
};
const keepSetting = (fallback: number) => retentionSetting('rows to keep', MAX_KEEP, fallback);
const daysSetting = (fallback: number) => retentionSetting('days', MAX_DAYS, fallback);

const schema = z.object({
  PLATFORM_PORT: listeningPort(4000),
  // Refused here when empty: it is the platform's own setting (the demo provider falls back to it,
  // and reported it as one of its own when this schema took "" as an address).
  PLATFORM_HOST: z
    .string()
    .min(1, 'must be an address to listen on (127.0.0.1 when unset), not empty')
    .default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  /** A PostgreSQL server instead of the embedded database; another scheme had reached pg, which
   * took http://… for a server and failed at the first query with a stack trace. */
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  /** Named prepared statements (ADR 0289); false behind a pooler that cannot keep them. */
  DATABASE_PREPARED_STATEMENTS: z.enum(['true', 'false']).default('true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Checked here; read where the logger is made (shared/log-format.ts). */
  LOG_FORMAT: logFormatSetting,
  /** Checked here; read where the span exporter is made (shared/otlp-protocol.ts). */
  OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocolSetting,
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocolSetting,
  /** Development-only endpoints (e-mail outbox). Off when NODE_ENV is set to anything but development or test, unless set. */
  PLATFORM_DEV_ENDPOINTS: z.enum(['true', 'false']).optional(),
  /** Local error inbox (Sentry envelopes, GET /dev/errors). Default: as the dev endpoints. */
  PLATFORM_ERROR_INBOX: z.enum(['true', 'false']).optional(),
  /** The newest error reports kept, and for how many days (docs/decisions/0359). */
  PLATFORM_ERROR_INBOX_KEEP: keepSetting(10_000),
  PLATFORM_ERROR_INBOX_DAYS: daysSetting(30),
  /** The newest analytics events kept, and for how many days. */
  PLATFORM_ANALYTICS_KEEP: keepSetting(100_000),
  PLATFORM_ANALYTICS_DAYS: daysSetting(7),
  /** The newest e-mails of the outbox kept, and for how many days. */
  PLATFORM_OUTBOX_KEEP: keepSetting(10_000),
  PLATFORM_OUTBOX_DAYS: daysSetting(30),
  NODE_ENV: z.string().optional(),
  /** Access token lifetime in seconds (short-lived). */
  ACCESS_TOKEN_TTL: wholeNumber(1, Number.MAX_SAFE_INTEGER, 300),
  REFRESH_TOKEN_TTL: wholeNumber(1, Number.MAX_SAFE_INTEGER, 60 * 60 * 24 * 30),
  /**
   * Seconds a rotated refresh token, presented again, gets the same new pair back (replicas
   * renewing one session at once; docs/decisions/0220). 0: any reuse revokes the session.
   */
  REFRESH_REUSE_WINDOW_SECONDS: wholeNumber(0, 300, 30),
  UAA_TRUSTED_ISSUERS: trustedIssuers.default([]),
  /**
   * Addresses, CIDR ranges or proxy-addr's names (loopback, uniquelocal) of the gateways: only
   * their X-Forwarded-For names the client (uaa's sign-in lockout counts per client address,
   * docs/decisions/0241). By default loopback and the private ranges the platform lives on.
   */
  PLATFORM_TRUST_PROXY: z
    .string()
    .default('loopback,uniquelocal')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .refine(
            (item) => PROXY_ADDR_NAMES.has(item) || isAddressOrRange(item),
            'must be IP addresses, CIDR ranges, loopback, linklocal or uniquelocal',
          ),
      ),
    ),
});

export type PlatformConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  preparedStatements: boolean;
  logLevel: string;
  devEndpoints: boolean;
  errorInbox: boolean;
  /** What each development inbox keeps (docs/decisions/0359). */
  errorInboxRetention: Retention;
  analyticsInboxRetention: Retention;
  outboxRetention: Retention;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  refreshReuseWindowSeconds: number;
  trustedIssuers: { issuer: string; audience: string }[];
  /** Peers whose X-Forwarded-For is believed (the gateways). */
  trustProxy: string[];
};

export function loadPlatformConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid platform configuration:\n${fields}`);
  }
  const e = parsed.data;
  const devEndpoints = e.PLATFORM_DEV_ENDPOINTS
    ? e.PLATFORM_DEV_ENDPOINTS === 'true'
    : e.NODE_ENV === undefined || e.NODE_ENV === 'development' || e.NODE_ENV === 'test';
  return {
    port: e.PLATFORM_PORT,
    host: e.PLATFORM_HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    preparedStatements: e.DATABASE_PREPARED_STATEMENTS === 'true',
    logLevel: e.LOG_LEVEL,
    devEndpoints,
    errorInbox: e.PLATFORM_ERROR_INBOX ? e.PLATFORM_ERROR_INBOX === 'true' : devEndpoints,
    errorInboxRetention: { keep: e.PLATFORM_ERROR_INBOX_KEEP, days: e.PLATFORM_ERROR_INBOX_DAYS },
    analyticsInboxRetention: {
      keep: e.PLATFORM_ANALYTICS_KEEP,
      days: e.PLATFORM_ANALYTICS_DAYS,
    },
    outboxRetention: { keep: e.PLATFORM_OUTBOX_KEEP, days: e.PLATFORM_OUTBOX_DAYS },
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    refreshReuseWindowSeconds: e.REFRESH_REUSE_WINDOW_SECONDS,
    trustedIssuers: e.UAA_TRUSTED_ISSUERS,
    trustProxy: e.PLATFORM_TRUST_PROXY,
  };
}
