// The notice a page shows after a form redirected it with `?done=<what>`, looked up among the
// page's own notices only: `?done=constructor` (or `toString`, `__proto__`) is no notice, where a
// plain `notices[key]` found the object's inherited function and React refused to render it.
export function noticeOf<T>(
  notices: Readonly<Record<string, T>>,
  key: string | null,
): T | undefined {
  return key !== null && Object.hasOwn(notices, key) ? notices[key] : undefined;
}
