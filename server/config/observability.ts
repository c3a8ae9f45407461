import { z } from 'zod';
import { logFormatSetting } from '../../shared/log-format';
import { otlpProtocolSetting } from '../../shared/otlp-protocol';
import { trueOrFalse, unlessEmpty, wholeNumber } from './values';

// Error reports, metrics, the OpenAPI document and logs.
export const observabilityFields = {
  SENTRY_DSN: unlessEmpty(z.url()),
  /** The browser's DSN (public key only); its events reach Sentry through the gateway's tunnel. */
  SENTRY_PUBLIC_DSN: unlessEmpty(z.url()),
  /** Prometheus metrics on their own port, never the public one; 0 turns them off. */
  METRICS_PORT: wholeNumber(0, 65535, 9464),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** GET /openapi.json on the shop's port too; the metrics port always serves it (ADR 0232). */
  OPENAPI_PUBLIC: trueOrFalse('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Checked here; read where the logger is made (shared/log-format.ts). */
  LOG_FORMAT: logFormatSetting,
  /** JSON log lines held in memory up to this many KiB before a write (0: each line at once). */
  LOG_BUFFER_KB: wholeNumber(0, 1024, 0),
  /** Checked here; read where the span exporter is made (shared/otlp-protocol.ts). */
  OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocolSetting,
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocolSetting,
};

export type ObservabilityConfig = {
  sentryDsn?: string;
  sentryPublicDsn?: string;
  metrics: { port: number; host: string };
  /** The gateway's OpenAPI document on the public port as well (OPENAPI_PUBLIC). */
  openapiPublic: boolean;
  logLevel: string;
  /** 0: every log line written at once (nothing lost in a crash); else pino's buffer, in KiB. */
  logBufferKb: number;
};

type Env = z.infer<z.ZodObject<typeof observabilityFields>>;

export const readObservability = (e: Env): ObservabilityConfig => ({
  sentryDsn: e.SENTRY_DSN,
  sentryPublicDsn: e.SENTRY_PUBLIC_DSN,
  metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST },
  openapiPublic: e.OPENAPI_PUBLIC,
  logLevel: e.LOG_LEVEL,
  logBufferKb: e.LOG_BUFFER_KB,
});
