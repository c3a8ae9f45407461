// Prints the index table of docs/decisions/INDEX.md from the ADRs themselves (title and the first
// line of their status): `node scripts/adr-index.mjs`, then paste it between the index markers.
import { readdirSync, readFileSync } from 'node:fs';

const dir = new URL('../docs/decisions/', import.meta.url);
// The status is the "Status:" paragraph, or the one under a "## Status" heading.
const paragraph = (lines, from) => {
  const rest = lines.slice(from);
  const start = rest.findIndex((line) => line.trim());
  const end = rest.findIndex((line, i) => i > start && !line.trim());
  return rest
    .slice(start, end < 0 ? undefined : end)
    .map((line) => line.trim())
    .join(' ');
};
const statusOf = (lines) => {
  const inline = lines.findIndex((line) => /^status:/i.test(line.trim()));
  if (inline >= 0) return paragraph(lines, inline).replace(/^status:\s*/i, '');
  const heading = lines.findIndex((line) => /^##\s+status/i.test(line.trim()));
  return heading >= 0 ? paragraph(lines, heading + 1) : 'not stated';
};
const rows = readdirSync(dir)
  .filter((name) => /^\d{4}-.*\.md$/.test(name))
  .sort()
  .map((name) => {
    const lines = readFileSync(new URL(name, dir), 'utf8').split('\n');
    const title = (lines[0] ?? '').replace(/^#\s*\d{4}[.:]?\s*/, '').trim();
    const status = statusOf(lines).replace(/\|/g, '/');
    return `| [${name.slice(0, 4)}](${name}) | ${title.replace(/\|/g, '/')} | ${status} |`;
  });
console.log(['| ADR | Decision | Status |', '| --- | --- | --- |', ...rows].join('\n'));
