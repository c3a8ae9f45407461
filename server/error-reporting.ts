import type { Config } from './config';

// Server-side error reporting, only when SENTRY_DSN is set (the SDK is loaded only then: it costs
// seconds of start-up). Reports never carry cookies or authorization headers.
export async function initErrorReporting(config: Config): Promise<void> {
  if (!config.sentryDsn) return;
  const Sentry = await import('@sentry/node');
  Sentry.init({
    dsn: config.sentryDsn,
    environment: config.env,
    maxBreadcrumbs: 100,
    beforeSend(event) {
      if (event.request?.headers) {
        delete event.request.headers.cookie;
        delete event.request.headers.authorization;
      }
      delete event.request?.cookies;
      return event;
    },
  });
}
