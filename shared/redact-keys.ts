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

// Sign-in through a provider brings an authorization code and a state to the callback's query,
// and other calls may carry a token in theirs: none of them may reach a log either (issue #27
// item 14, docs/decisions/0248). The value of every such query parameter is replaced, its name
// compared as the server reads it (percent-decoded, any case); a social callback's query is
// replaced whole (a provider may add its own parameters).
const SECRET_PARAMS = /^(code|state|token|[a-z_-]*_token|session_state|nonce|key)$/;
const SOCIAL_CALLBACK = /^\/auth\/social\/[^/?]*\/callback(\.data)?$/i;

const decodedName = (name: string): string => {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
};

// A query parameter's name decoded without an exception: every request line comes here, and an
// exception caught for each malformed name made a query of thousands of them (`&%&%...`) cost many
// times what the request itself did (ADR 0379). Bytes that are no UTF-8 read as U+FFFD and a stray
// `%` stays: neither is in a secret's name, as the raw name decodeURIComponent fell back to.
const ESCAPES = /(?:%[0-9a-f]{2})+/gi;
const utf8 = new TextDecoder();
const bytesOf = (escapes: string) =>
  Uint8Array.from(escapes.slice(1).split('%'), (hex) => parseInt(hex, 16));
const paramName = (name: string): string =>
  (/[%+]/.test(name)
    ? name.replace(/\+/g, ' ').replace(ESCAPES, (escapes) => utf8.decode(bytesOf(escapes)))
    : name
  ).toLowerCase();

/** The URL as a log may show it: account keys, codes, states and tokens replaced. */
export function redactUrlSecrets(url: string): string {
  const redacted = redactAccountKeys(url);
  const queryAt = redacted.indexOf('?');
  if (queryAt === -1) return redacted;
  const path = redacted.slice(0, queryAt);
  if (SOCIAL_CALLBACK.test(decodedName(path))) return `${path}?[redacted]`;
  const query = redacted.slice(queryAt + 1);
  const pairs = query.split('&').map((pair) => {
    const at = pair.indexOf('=');
    const name = at === -1 ? pair : pair.slice(0, at);
    return SECRET_PARAMS.test(paramName(name)) ? `${name}=[redacted]` : pair;
  });
  return `${path}?${pairs.join('&')}`;
}
