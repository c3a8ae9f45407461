import { z } from 'zod';
import { unknownServiceProblems } from './upstream/service-urls';
import { analyticsFields, readAnalytics, type AnalyticsConfig } from './config/analytics';
import { cachesFields, readCaches, type CachesConfig } from './config/caches';
import { limitsFields, readLimits, type LimitsConfig } from './config/limits';
import { networkFields, readNetwork, type NetworkConfig } from './config/network';
import {
  observabilityFields,
  readObservability,
  type ObservabilityConfig,
} from './config/observability';
import { readRuntime, runtimeFields, type RuntimeConfig } from './config/runtime';
import { readSocial, socialFields, type SocialConfig } from './config/social';

export type { RateLimit } from './config/limits';
export type { SocialProvider } from './config/social';

// Gateway configuration from the environment, validated once at boot. Every bad field is named in
// one error so an operator fixes them all at once. Each concern's settings are in config/.
const schema = z.object({
  ...networkFields,
  ...observabilityFields,
  ...runtimeFields,
  ...cachesFields,
  ...limitsFields,
  ...analyticsFields,
  ...socialFields,
});

export type Config = NetworkConfig &
  ObservabilityConfig &
  RuntimeConfig &
  LimitsConfig &
  AnalyticsConfig &
  SocialConfig &
  CachesConfig;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid gateway configuration:\n${fields.join('\n')}`);
  }
  const e = parsed.data;
  const unknown = unknownServiceProblems(e.SERVICE_URLS, e.PROXY_SERVICES);
  if (unknown.length > 0)
    throw new ConfigError(`Invalid gateway configuration:\n  ${unknown.join('\n  ')}`);
  return {
    ...readNetwork(e),
    ...readObservability(e),
    ...readRuntime(e),
    ...readLimits(e),
    ...readAnalytics(e, e.PLATFORM_URL),
    ...readSocial(e),
    ...readCaches(e),
  };
}
