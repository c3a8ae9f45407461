import type { StoredEvent } from './stored-event';

// The analytics inbox as a page for people: one row per event, newest first, its name, page, CID,
// tenant and when; each row opens its parameters. Plain HTML, every value escaped.
const escape = (value: unknown) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function renderAnalyticsPage(events: StoredEvent[]): string {
  const rows = events
    .map(
      (e) => `<tr><td>${escape(e.receivedAt.replace('T', ' ').slice(0, 19))}</td>
<td><details><summary>${escape(e.name)}</summary><pre>${escape(JSON.stringify(e.params, null, 2))}</pre></details></td>
<td>${escape(e.page)}</td><td><code>${escape(e.cid)}</code></td><td>${escape(e.tenant)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Analytics inbox</title>
<style>body{font:14px system-ui;margin:1rem}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.3rem;text-align:left;vertical-align:top}
pre{max-height:30rem;overflow:auto;background:#f6f6f6;padding:.5rem}</style></head><body>
<main><h1>Analytics inbox</h1>
<p>${events.length} event(s), newest first, as the gateway forwarded them after the shopper's
consent. JSON: <code>GET /dev/analytics</code> with <code>Accept: application/json</code>;
<code>?cid=</code> and <code>?name=</code> filter.</p>
<table><thead><tr><th>received</th><th>event</th><th>page</th><th>CID</th><th>tenant</th></tr>
</thead><tbody>
${rows || '<tr><td colspan="5">Nothing yet.</td></tr>'}</tbody></table></main></body></html>`;
}
