import { request } from 'undici';
import { DEMO, startPlatform } from '../../tests/support/platform';
import { startGatewayProcess } from './gateway-process';
import { startRecorder, type Recording } from './replay';

// One pass through the real shop to record what the platform answers: the seeded reference
// platform, the recorder in front of it, the built gateway against the recorder. The demo shopper
// signs in (so pages make the account call), then each page is fetched signed in and as a guest.
export const SHOP_HOST = 'localhost:3000'; // the origin of the seeded "fresh" tenant
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
export const CRAWLER_UA =
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

export type ShopRecording = {
  recording: Recording;
  /** Cookie header of the signed-in demo shopper. */
  cookie: string;
  /** Documents fetched while recording, by "signed-in <path>" / "guest <path>". */
  pages: Map<string, { status: number; html: string }>;
};

export function shopHeaders(cookie?: string, userAgent = BROWSER_UA): Record<string, string> {
  return {
    host: SHOP_HOST,
    'user-agent': userAgent,
    accept: 'text/html',
    ...(cookie ? { cookie } : {}),
  };
}

export async function recordShop(paths: readonly string[]): Promise<ShopRecording> {
  // A long-lived access token: the proxy renews a token a minute before it expires, and the
  // recording has no refresh to offer.
  const platform = await startPlatform({ config: { accessTokenTtl: 86_400 } });
  const recorder = await startRecorder(platform.url);
  const gateway = await startGatewayProcess(recorder.url, { LOG_LEVEL: 'warn' });
  try {
    const signIn = await request(`${gateway.url}/auth/sign-in`, {
      method: 'POST',
      headers: { host: SHOP_HOST, 'content-type': 'application/json', 'x-csrf': '1' },
      body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
    });
    await signIn.body.text();
    if (signIn.statusCode !== 200) throw new Error(`sign-in answered ${signIn.statusCode}`);
    const setCookie = signIn.headers['set-cookie'];
    const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
      .map((line) => line.split(';')[0])
      .filter((pair) => pair && !pair.endsWith('='))
      .join('; ');

    recorder.recording.clear();
    const pages = new Map<string, { status: number; html: string }>();
    for (const path of paths) {
      for (const [who, c] of [
        ['signed-in', cookie],
        ['guest', undefined],
      ] as const) {
        const response = await request(`${gateway.url}${path}`, { headers: shopHeaders(c) });
        pages.set(`${who} ${path}`, {
          status: response.statusCode,
          html: await response.body.text(),
        });
      }
    }
    return { recording: new Map(recorder.recording), cookie, pages };
  } finally {
    await gateway.stop();
    await recorder.close();
    await platform.close();
  }
}
