import * as Sentry from '@sentry/node';
import type { Config } from './config';

// Server-side error reporting, only when SENTRY_DSN is set. Reports never carry cookies or
// authorization headers.
export function initErrorReporting(config: Config): void {
  if (!config.sentryDsn) return;
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
