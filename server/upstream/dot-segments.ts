// The gateway's own platform calls build their paths from ids a visitor chose (`?list=`, a form's
// `itemId`), each percent-encoded, but encodeURIComponent leaves `.` and `..` as they are, and
// undici parses the call's URL as WHATWG URL does: it resolves `.` and `..` segments, their
// `%2e` spellings included, and reads `\` as `/`. `/lists/{listId}/items/..` would go out as
// `/lists/{listId}/`: a "remove item" would delete the list, a link would read another path with
// the visitor's token. The proxy refuses such paths on its own (proxy/path-guard.ts, stricter).
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/** Whether URL parsing would resolve a dot segment in the path (the part before `?` or `#`). */
export function hasDotSegment(path: string): boolean {
  const end = path.search(/[?#]/);
  const pathname = end === -1 ? path : path.slice(0, end);
  return pathname.split(/[/\\]/).some((segment) => DOT_SEGMENT.test(segment));
}
