import { z } from 'zod';

// The fields of a Sentry event (https://develop.sentry.dev/sdk/data-model/event-payloads/) that
// the inbox reads to list an event (./envelope.ts) and to group it (./fingerprint.ts). The rest
// is kept as sent. A read field of another type is refused at intake (a 400 naming it) instead of
// failing there or, once stored, failing every listing of the inbox.
const text = z.string().nullish();
const LogEntry = z.looseObject({ formatted: text, message: text });
const Frame = z.looseObject({ filename: text, function: text, in_app: z.boolean().nullish() });
const Exception = z.looseObject({
  type: text,
  value: text,
  stacktrace: z.looseObject({ frames: z.array(Frame).nullish() }).nullish(),
});

export const SentryEvent = z.looseObject({
  event_id: text,
  level: text,
  message: z
    .union([z.string(), LogEntry], { error: 'expected a string or an object of strings' })
    .nullish(),
  logentry: LogEntry.nullish(),
  exception: z.looseObject({ values: z.array(Exception).nullish() }).nullish(),
  // An object, or (older SDKs) a list of [key, value] pairs, which the inbox does not read.
  tags: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
  user: z.looseObject({ username: text, email: text }).nullish(),
  platform: text,
});
export type SentryEvent = z.infer<typeof SentryEvent>;
