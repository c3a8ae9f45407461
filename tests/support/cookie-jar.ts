// A small cookie jar for driving redirects across hosts with fetch (shop and identity provider):
// cookies by host and path prefix, Max-Age=0 deletes, no expiry otherwise (tests are short).
type Stored = { name: string; value: string; path: string };

export class CookieJar {
  private readonly byHost = new Map<string, Map<string, Stored>>();

  store(url: string, response: Response): void {
    const host = new URL(url).host;
    const cookies = this.byHost.get(host) ?? new Map<string, Stored>();
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) ?? '/';
      const gone = attributes.some((a) => /^max-age=0$/i.test(a)) || value === '';
      if (gone) cookies.delete(`${name};${path}`);
      else cookies.set(`${name};${path}`, { name, value, path });
    }
    this.byHost.set(host, cookies);
  }

  header(url: string): string {
    const { host, pathname } = new URL(url);
    return [...(this.byHost.get(host)?.values() ?? [])]
      .filter((cookie) => pathname.startsWith(cookie.path))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  get(host: string, name: string): string | undefined {
    return [...(this.byHost.get(host)?.values() ?? [])].find((c) => c.name === name)?.value;
  }

  set(host: string, name: string, value: string, path = '/'): void {
    const cookies = this.byHost.get(host) ?? new Map<string, Stored>();
    cookies.set(`${name};${path}`, { name, value, path });
    this.byHost.set(host, cookies);
  }

  /** One request with the jar's cookies; stores what comes back. No redirect is followed. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.header(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(url, response);
    return response;
  }
}
