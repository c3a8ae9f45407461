import { readCidFromDocument } from './cid-context';

// The browser's calls to the gateway (/api/services/* and /auth/*): same-origin, with the page's
// correlation id and the CSRF header the gateway requires on mutations. The browser never holds a
// token; the gateway adds credentials from the httpOnly cookies.
export type ApiResult<T> =
  { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError };
export type ApiError = { code: string; message: string; cid?: string };

export async function apiFetch<T>(
  path: string,
  init: {
    method?: string;
    body?: unknown;
    signal?: AbortSignal;
    /** Headers the call needs (Idempotency-Key); its own ones above win. */
    headers?: Record<string, string>;
  } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = {
    ...init.headers,
    accept: 'application/json',
    'x-csrf': '1',
  };
  // Each call gets its own CID from the gateway (issue #7 item 6); the page's goes along.
  const cid = readCidFromDocument();
  if (cid) headers['x-page-cid'] = cid;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
      signal: init.signal,
    });
  } catch (error) {
    return { ok: false, status: 0, error: { code: 'network', message: (error as Error).message } };
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (response.ok) return { ok: true, status: response.status, data: body as T };
  const error = (body as { error?: Partial<ApiError> | string } | null)?.error;
  return {
    ok: false,
    status: response.status,
    error:
      typeof error === 'object' && error
        ? {
            code: error.code ?? 'error',
            message: error.message ?? response.statusText,
            cid: error.cid,
          }
        : {
            code: typeof error === 'string' ? error : 'error',
            message: `[${response.status}] ${response.statusText} (${path})`,
          },
  };
}
