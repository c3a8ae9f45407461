// Activation and reset keys travel in page URLs (/profile/activation/{key}, /profile/reset/{key}),
// and so in the gateway's request log and in the context call's `url` query the platform logs.
// Whoever reads a log must not be able to take over an account: the key is replaced wherever the
// path appears, plain or percent-encoded (issue #12 item 6, docs/decisions/0133).
const KEY_IN_PATH =
  /(profile(?:\/|%2f)(?:activation|reset)(?:\/|%2f))(?:%(?!2f|22|26|3f|23)[0-9a-f]{2}|[^/?&#%"\s\\])+/gi;

const MAY_HOLD_KEY = /profile/i;

export function redactAccountKeys(url: string): string {
  // Every request line passes here: most URLs have no "profile" at all (one cheap test).
  return MAY_HOLD_KEY.test(url) ? url.replace(KEY_IN_PATH, '$1[redacted]') : url;
}
