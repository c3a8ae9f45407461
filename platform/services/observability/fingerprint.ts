import { SentryEvent } from './sentry-event';

// How the local error inbox groups its events (issue #28 item 2), as Sentry does in spirit: by the
// event's own `fingerprint` when it sends one (`{{ default }}` standing for the default), else by
// its exception's type, its message with ids and numbers blanked, and its top in-app frame, or by
// its message so blanked. The same fault seen a thousand times is one group with its count
// (./inbox-groups.ts; each report's fingerprint is worked out once, at intake).

/** Ids (CIDs, hex, UUIDs) and numbers blanked: `order 1042 of AbC...` -> `order <n> of <id>`. */
export function blankIds(text: string): string {
  return text
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<id>')
    .replace(/\b(?=[A-Za-z0-9]*\d)[A-Za-z0-9_-]{16,}\b/g, '<id>')
    .replace(/\b\d+(\.\d+)?\b/g, '<n>')
    .replace(/\?\S*/g, '?…')
    .slice(0, 300);
}

function defaultFingerprint(event: SentryEvent): string {
  const exception = event.exception?.values?.at(-1);
  if (exception) {
    const frames = exception.stacktrace?.frames ?? [];
    const top = [...frames].reverse().find((f) => f.in_app !== false) ?? frames.at(-1);
    const where = top ? ` @ ${top.filename ?? '?'}:${top.function ?? '?'}` : '';
    return `${event.platform ?? ''} ${exception.type ?? 'Error'}: ${blankIds(exception.value ?? '')}${where}`;
  }
  const message =
    (typeof event.message === 'string' ? event.message : event.message?.formatted) ??
    event.logentry?.message ??
    event.logentry?.formatted ??
    '';
  return `${event.platform ?? ''} ${blankIds(message)}`;
}

export function fingerprintOf(payload: unknown): string {
  // Events are checked at intake; one stored before that check is grouped as if it were empty.
  const checked = SentryEvent.safeParse(payload);
  const event: SentryEvent = checked.success ? checked.data : {};
  const own = event.fingerprint;
  if (Array.isArray(own) && own.length > 0) {
    const base = defaultFingerprint(event);
    return own.map((part) => (part === '{{ default }}' ? base : String(part))).join(' | ');
  }
  return defaultFingerprint(event);
}
