import type { HttpFailure } from '../errors/http-failure';
import { faultKindOf } from './report-budget';
import { routeTemplate, serviceOf } from './route-template';

// Which reports of failed exchanges are one fault (docs/decisions/0304): the same service, kind of
// fault, status and route template, never the URL, so a 500 on order 1 and on order 2 are one
// group (Sentry's and the local inbox's), counted together. The message keeps the real URL
// ("[status] statusText (url)", specification section 8) for the reader.
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/** `http-failure`, kind, service, status, template: `/orders/1042` and `/orders/7` share one. */
export function httpFailureFingerprint(failure: HttpFailure): string[] {
  const path = failure.path ?? failure.url.replace(ORIGIN, '');
  return [
    'http-failure',
    faultKindOf(failure.status, failure.statusText),
    serviceOf(path),
    String(failure.status),
    routeTemplate(path),
  ];
}
