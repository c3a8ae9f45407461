import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCompose, ROOT } from '../support/compose-file';
import { serverBlocks } from '../support/nginx-conf';

// The balancer's http -> https redirect names the Host it was asked with, so it may only answer
// the shops' own hosts; any other is refused (docs/decisions/0327). Its list of hosts is a copy of
// the platform's SHOP_ORIGINS in docker-compose.yml: the two must not drift apart, or a shop is
// refused on plain http (a host missing) or a forged Host redirected again (a host too many).
// What nginx does with them: tests/reliability/compose-as-written.test.ts. HAProxy's plain-http
// frontend (deploy/haproxy.cfg, docs/decisions/0386) names the same hosts, as its example:
// tests/reliability/balancer-plain-http.test.ts.
const conf = readFileSync(join(ROOT, 'deploy/nginx.compose.conf'), 'utf8');
const haproxyConf = readFileSync(join(ROOT, 'deploy/haproxy.cfg'), 'utf8');

const plainHttp = serverBlocks(conf).filter((block) => /^\s*listen 8080\b/m.test(block));
const serverNames = (block: string) =>
  /^\s*server_name\s+([^;]+);/m.exec(block)?.[1]?.trim().split(/\s+/) ?? [];

describe("the balancer's plain http server", () => {
  it('redirects only in a server of named hosts, the default one refusing', () => {
    const redirecting = plainHttp.filter((block) => /return 30\d /.test(block));
    expect(redirecting.length).toBeGreaterThan(0);
    for (const block of redirecting) {
      expect(serverNames(block).length).toBeGreaterThan(0);
      expect(block).not.toMatch(/default_server/);
    }
    const fallback = plainHttp.filter((block) => /default_server/.test(block));
    expect(fallback).toHaveLength(1);
    expect(fallback[0]).toMatch(/return 421 /);
    expect(fallback[0]).toMatch(/location = \/nginx-health/);
  });

  it("names the hosts of the platform's SHOP_ORIGINS, no other, in nginx and HAProxy", () => {
    const origins = JSON.parse(
      readCompose().services.platform!.environment!.SHOP_ORIGINS!,
    ) as Record<string, string>;
    const shopHosts = Object.values(origins).map((origin) => new URL(origin).hostname);
    const named = plainHttp.flatMap(serverNames);
    expect(named.sort()).toEqual([...new Set(shopHosts)].sort());
    // HAProxy's: one acl of the hosts, the only condition its redirect answers on.
    const acls = [...haproxyConf.matchAll(/^\s+acl shop_host req\.hdr\(host\),\S+ -m str (.+)$/gm)];
    expect(acls).toHaveLength(1);
    expect(acls[0]![1]!.trim().split(/\s+/).sort()).toEqual([...new Set(shopHosts)].sort());
    expect(haproxyConf).toMatch(/^\s+http-request redirect .* if shop_host$/m);
  });
});
