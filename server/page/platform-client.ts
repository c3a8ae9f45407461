import type { PlatformCall, PlatformClient, PlatformResponse } from '../../shared/load-context';
import type { Platform } from '../upstream/platform';
import { callPlatform } from '../upstream/platform-call';

// Server-side calls of route loaders and actions to the platform: the page's product headers and
// the visitor's access token through the gateway's platform call. The token stays inside this
// closure; loaders only see the answers. A network fault or timeout throws, as fetch would.
export function createPlatformClient(
  platform: Platform,
  page: { cid: string; shopOrigin: string; accessToken: () => string | null; timeoutMs: number },
): PlatformClient {
  return {
    async call<T>({ method, path, body, headers }: PlatformCall): Promise<PlatformResponse<T>> {
      if (!path.startsWith('/') || path.startsWith('//'))
        throw new Error(`Bad platform path ${path}`);
      const exchange = await callPlatform(platform, {
        method,
        path,
        json: body,
        headers,
        cid: page.cid,
        shopOrigin: page.shopOrigin,
        bearer: page.accessToken(),
        timeoutMs: page.timeoutMs,
      });
      if (exchange.kind === 'unreachable') throw exchange.error;
      const { status, text, json } = exchange;
      // Not JSON: the text as is.
      const parsed = text === '' ? null : json === undefined ? text : json;
      return { ok: status < 400, status, body: parsed as T };
    },
  };
}
