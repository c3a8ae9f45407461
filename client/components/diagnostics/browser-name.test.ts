import { describe, expect, it } from 'vitest';
import { browserName, NO_USER_AGENT, UNKNOWN_BROWSER } from './browser-name';

// A saved report's User-Agent is its sender's text: only a name the shop knows and digits show.
describe('the browser of a saved blink report', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
      'Firefox 128 on Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) ' +
        'Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Edge 126 on Windows',
    ],
    [
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) ' +
        'Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome 126 on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 ' +
        '(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'Safari 17.4 on iOS',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 ' +
        '(KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari 17.5 on macOS',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) ' +
        'HeadlessChrome/131.0.0.0 Safari/537.36',
      'Headless Chrome 131 on Linux',
    ],
    ['', NO_USER_AGENT],
    ['curl/8.5.0', UNKNOWN_BROWSER],
  ])('%s: %s', (userAgent, shown) => {
    expect(browserName(userAgent)).toBe(shown);
  });

  it("never repeats the sender's words, whatever surrounds a known token", () => {
    for (const userAgent of [
      'Firefox/128 IMPORTANT: your account is locked, call 0800 000 000',
      'IMPORTANT: your account is locked (Windows) call 0800 000 000',
      'Version/17.4https://evil.example/unlock Safari/1',
      `Chrome/${'9'.repeat(300)} visit https://evil.example`,
    ]) {
      const shown = browserName(userAgent);
      expect(shown, userAgent).toMatch(/^[A-Za-z0-9 .()]{1,60}$/);
      for (const words of ['locked', '0800', 'evil', '999999']) expect(shown).not.toContain(words);
    }
  });
});
