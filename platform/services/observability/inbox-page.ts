import type { InboxEvent } from './inbox-event';
import type { EventGroup } from './inbox-groups';

// The inbox as a page for people: the groups (by fingerprint) with their counts, then the events,
// newest first, message, CID, user, where, when; each row opens the full event JSON. Plain HTML,
// every value escaped.
const escape = (value: unknown) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function renderInboxPage(events: InboxEvent[], groups: EventGroup[] = []): string {
  const groupRows = groups
    .map(
      (g) => `<tr><td class="count">${g.count}</td><td>${escape(g.message)}</td>
<td><code>${escape(g.fingerprint)}</code></td><td>${escape(g.lastSeen.replace('T', ' ').slice(0, 19))}</td>
<td><code>${escape(g.lastEventId)}</code></td></tr>`,
    )
    .join('\n');
  const rows = events
    .map(
      (e) => `<tr><td>${escape(e.receivedAt.replace('T', ' ').slice(0, 19))}</td>
<td>${escape(e.platform)}</td><td>${escape(e.level)}</td>
<td><details><summary>${escape(e.message)}</summary><pre>${escape(JSON.stringify(e.event, null, 2))}</pre></details></td>
<td><code>${escape(e.cid)}</code></td><td>${escape(e.tenant)}</td><td>${escape(e.route)}</td>
<td>${escape(e.user ? `${e.user.login ?? ''} ${e.user.email ?? ''}` : '')}</td>
<td><code>${escape(e.eventId)}</code></td></tr>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error inbox</title>
<style>body{font:14px system-ui;margin:1rem}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.3rem;text-align:left;vertical-align:top}
pre{max-height:30rem;overflow:auto;background:#f6f6f6;padding:.5rem}</style></head><body>
<h1>Error inbox</h1>
<h2>Groups</h2><table class="groups"><thead><tr><th>count</th><th>message (newest)</th><th>fingerprint</th>
<th>last seen</th><th>last event id</th></tr></thead><tbody>
${groupRows || '<tr><td colspan="5">Nothing yet.</td></tr>'}</tbody></table>
<h2>Events</h2><p>${events.length} report(s), newest first. JSON: <code>GET /dev/errors</code>
with <code>Accept: application/json</code>; <code>?cid=</code> filters by correlation id.</p>
<table><thead><tr><th>received</th><th>from</th><th>level</th><th>message</th><th>CID</th>
<th>tenant</th><th>route</th><th>user</th><th>event id</th></tr></thead><tbody>
${rows || '<tr><td colspan="9">Nothing yet.</td></tr>'}</tbody></table></body></html>`;
}
