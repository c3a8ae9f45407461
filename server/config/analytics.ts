import { z } from 'zod';
import { httpUrl, unlessEmpty } from './values';

// The consent choice and first-party analytics (issue #29 item 3, ADR 0265).
export const analyticsFields = {
  ANALYTICS: z.enum(['on', 'off']).default('on'),
  /** Where consented events go (POST JSON); default: the platform's analytics inbox. */
  ANALYTICS_SINK_URL: unlessEmpty(httpUrl()),
};

export type AnalyticsConfig = {
  /** Consent and first-party analytics (ADR 0265): off, or the sink consented events go to. */
  analytics: { enabled: boolean; sinkUrl: string };
};

type Env = z.infer<z.ZodObject<typeof analyticsFields>>;

export const readAnalytics = (e: Env, platformUrl: string): AnalyticsConfig => ({
  analytics: {
    enabled: e.ANALYTICS === 'on',
    sinkUrl: e.ANALYTICS_SINK_URL ?? `${platformUrl}/dev/analytics/events`,
  },
});
