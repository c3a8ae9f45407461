import { request } from 'undici';
import type { PlatformCall, PlatformClient, PlatformResponse } from '../../shared/load-context';
import { productHeaders, type Platform } from '../upstream/platform';

// Server-side calls of route loaders and actions to the platform: product headers of the page,
// the visitor's access token as a Bearer header, the keep-alive pool, a timeout. The token stays
// inside this closure; loaders only see the answers.
export function createPlatformClient(
  platform: Platform,
  page: { cid: string; shopOrigin: string; accessToken: () => string | null; timeoutMs: number },
): PlatformClient {
  const base: Record<string, string> = {
    accept: 'application/json',
    ...productHeaders(page.cid, page.shopOrigin),
  };

  return {
    async call<T>({
      method = 'GET',
      path,
      body,
      headers: extra,
    }: PlatformCall): Promise<PlatformResponse<T>> {
      if (!path.startsWith('/') || path.startsWith('//'))
        throw new Error(`Bad platform path ${path}`);
      const token = page.accessToken();
      const own = token ? { ...base, authorization: `Bearer ${token}` } : base;
      const headers = extra ? { ...extra, ...own } : own;
      const response = await request(`${platform.baseUrl}${path}`, {
        method,
        dispatcher: platform.dispatcher,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        headersTimeout: page.timeoutMs,
        bodyTimeout: page.timeoutMs,
      });
      const text = await response.body.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON: hand the text over as is.
      }
      return { ok: response.statusCode < 400, status: response.statusCode, body: parsed as T };
    },
  };
}
