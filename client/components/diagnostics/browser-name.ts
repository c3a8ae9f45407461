// The "Browser" of a saved /blink-test report, in the shop's words (ADR 0344): its name, version
// and system, from a list of names the shop knows and digits, never the User-Agent as sent. Whoever
// saved the report chose that string ("Firefox/128 IMPORTANT: your account is locked, call …"),
// and support needs only which browser it was. No User-Agent parser is a dependency of the
// project, and the few browsers support meets are told apart by a token each.

/** The browser: first match wins, as each names the ones it descends from (Edge says Chrome). */
const BROWSERS: readonly [name: string, version: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d{1,4})\b/],
  ['Opera', /\b(?:OPR|OPiOS)\/(\d{1,4})\b/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d{1,4})\b/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d{1,4})\b/],
  // Automated runs (the project's own e2e tests among them): support should see they were one.
  ['Headless Chrome', /\bHeadlessChrome\/(\d{1,4})\b/],
  ['Chrome', /\b(?:Chrome|CriOS)\/(\d{1,4})\b/],
  // Safari's own version is Version/; its Safari/ token is WebKit's build. Major.minor: Safari's
  // minor releases change what works.
  ['Safari', /\bVersion\/(\d{1,4}(?:\.\d{1,4})?)\b.*\bSafari\//],
];

/** The system: iOS and Android before macOS and Linux, whose tokens they carry too. */
const SYSTEMS: readonly [name: string, token: RegExp][] = [
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['Android', /\bAndroid\b/],
  ['Windows', /\bWindows\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
];

export const NO_USER_AGENT = 'Not sent';
export const UNKNOWN_BROWSER = 'Not recognised';

/** "Firefox 128 on Windows", "Safari 17.4 on iOS"; made only of the names above and digits. */
export function browserName(userAgent: string): string {
  if (userAgent.trim() === '') return NO_USER_AGENT;
  const browser = BROWSERS.map(
    ([name, version]) => [name, version.exec(userAgent)?.[1]] as const,
  ).find(([, version]) => version !== undefined);
  const system = SYSTEMS.find(([, token]) => token.test(userAgent))?.[0];
  if (!browser) return system ? `${UNKNOWN_BROWSER} (on ${system})` : UNKNOWN_BROWSER;
  return `${browser[0]} ${browser[1]}${system ? ` on ${system}` : ''}`;
}
