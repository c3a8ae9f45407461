import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('gateway config', () => {
  it('applies defaults', () => {
    const config = loadConfig({ PLATFORM_URL: 'http://127.0.0.1:4000/' });
    expect(config.port).toBe(3000);
    expect(config.platformUrl).toBe('http://127.0.0.1:4000');
    expect(config.trustProxy).toEqual([]);
    expect(config.cookieSecure).toBe(true);
  });

  it('fails naming every bad field at once', () => {
    let message = '';
    try {
      loadConfig({
        PORT: 'eighty',
        PLATFORM_URL: 'ftp://x',
        TRUST_PROXY: '10.0.0.0/8,not an ip',
        LOG_LEVEL: 'loud',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const field of ['PORT', 'PLATFORM_URL', 'TRUST_PROXY', 'LOG_LEVEL'])
      expect(message).toContain(field);
  });

  it("refuses the Kubernetes manifests' placeholder secrets, naming each (ADR 0360)", () => {
    const base = { PLATFORM_URL: 'http://a' };
    const placeholders = {
      PAGE_PROOF_SECRET: 'change-me-page-proof-secret-at-least-32-chars',
      SOCIAL_COOKIE_SECRET: 'CHANGE-ME-social-cookie-secret-of-32-chars',
      CACHE_PURGE_TOKEN: 'change-me-cache-purge-token',
    };
    for (const [name, value] of Object.entries(placeholders))
      expect(() => loadConfig({ ...base, [name]: value })).toThrow(
        new RegExp(`${name}: is a placeholder of deploy/k8s/secrets.yaml`),
      );
    // Secrets of one's own, and the compose demo's (a demo, run as it is), are taken.
    const own = {
      PAGE_PROOF_SECRET: 'compose-demo-page-proof-secret-0123456789',
      SOCIAL_COOKIE_SECRET: 'a-secret-nobody-else-knows-0123456789',
      CACHE_PURGE_TOKEN: 'purge-token-of-ours',
    };
    expect(loadConfig({ ...base, ...own }).pageProofSecret).toBe(own.PAGE_PROOF_SECRET);
  });

  it('refuses a LOG_FORMAT other than pretty or json; empty is unset (ADR 0312)', () => {
    expect(() => loadConfig({ PLATFORM_URL: 'http://a', LOG_FORMAT: 'xml' })).toThrow(
      /LOG_FORMAT: must be pretty or json/,
    );
    expect(() => loadConfig({ PLATFORM_URL: 'http://a', LOG_FORMAT: 'JSON' })).toThrow(
      /LOG_FORMAT/,
    );
    for (const ok of ['pretty', 'json', '', undefined])
      expect(() => loadConfig({ PLATFORM_URL: 'http://a', LOG_FORMAT: ok })).not.toThrow();
  });

  it('takes any NODE_ENV: production behaviour unless development or test (issue #25 item 6)', () => {
    const envOf = (NODE_ENV?: string) => loadConfig({ PLATFORM_URL: 'http://p', NODE_ENV }).env;
    expect(envOf('staging')).toBe('production');
    expect(envOf('preview-42')).toBe('production');
    expect(envOf(undefined)).toBe('production');
    expect(envOf('production')).toBe('production');
    expect(envOf('development')).toBe('development');
    expect(envOf('test')).toBe('test');
  });

  it('keeps the development mailbox off unless DEV_MAILBOX=on (ADR 0273)', () => {
    const mailbox = (DEV_MAILBOX?: string) =>
      loadConfig({ PLATFORM_URL: 'http://p', DEV_MAILBOX }).devMailbox;
    expect(mailbox(undefined)).toBe(false);
    expect(mailbox('off')).toBe(false);
    expect(mailbox('on')).toBe(true);
    expect(() => mailbox('yes')).toThrow(/DEV_MAILBOX/);
  });

  it('requires PLATFORM_URL', () => {
    expect(() => loadConfig({})).toThrow(/PLATFORM_URL/);
  });

  it('says PLATFORM_URL is required, and what it is, when unset or empty (not "must be a URL")', () => {
    for (const PLATFORM_URL of [undefined, ''])
      expect(() => loadConfig({ PLATFORM_URL })).toThrow(
        /PLATFORM_URL: required: the base URL of the platform .*http:\/\/127\.0\.0\.1:4000/,
      );
    expect(() => loadConfig({ PLATFORM_URL: '127.0.0.1:4000' })).toThrow(
      /PLATFORM_URL: must be an http\(s\) URL/,
    );
  });

  it('reads the trusted proxies as a list', () => {
    expect(
      loadConfig({ PLATFORM_URL: 'http://a', TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy,
    ).toEqual(['127.0.0.1', '10.0.0.0/8']);
  });

  it('reads the public ports, PORT among them (ADR 0272)', () => {
    expect(loadConfig({ PLATFORM_URL: 'http://a' }).publicPorts).toEqual([3000]);
    expect(
      loadConfig({ PLATFORM_URL: 'http://a', PORT: '8080', PUBLIC_PORTS: '8443, 443,8080' })
        .publicPorts,
    ).toEqual([8080, 8443, 443]);
    for (const bad of ['https', '8443;443', '0', '70000'])
      expect(() => loadConfig({ PLATFORM_URL: 'http://a', PUBLIC_PORTS: bad }), bad).toThrow(
        /PUBLIC_PORTS/,
      );
  });

  it('reads the rate limits and the Redis URL', () => {
    const config = loadConfig({
      PLATFORM_URL: 'http://a',
      RATE_LIMIT_SIGN_IN: '5/30',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(config.rateLimits.signIn).toEqual({ max: 5, windowMs: 30_000 });
    expect(config.rateLimits.guest).toEqual({ max: 30, windowMs: 60_000 });
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(() => loadConfig({ PLATFORM_URL: 'http://a', RATE_LIMIT_GUEST: 'many' })).toThrow(
      /RATE_LIMIT_GUEST/,
    );
    expect(() => loadConfig({ PLATFORM_URL: 'http://a', REDIS_URL: 'http://x' })).toThrow(
      /REDIS_URL/,
    );
  });

  it('takes an empty number as unset: its default, not 0 (PORT= listened on a random port)', () => {
    const config = loadConfig({
      PLATFORM_URL: 'http://a',
      PORT: '',
      METRICS_PORT: '',
      SHUTDOWN_DELAY_MS: '',
      SHUTDOWN_TIMEOUT_MS: '',
      SUBREQUEST_CACHE_MB: '',
      FAIR_SHARE_QUEUE_MS: '',
    });
    expect(config.port).toBe(3000);
    expect(config.metrics.port).toBe(9464);
    expect(config.shutdown).toEqual({ delay: 5_000, timeout: 25_000 });
    expect(config.subrequestCacheMb).toBe(16);
    expect(config.fairShare.queueMs).toBe(1_000);
    // METRICS_PORT=0 written out still means 0: metrics off.
    expect(loadConfig({ PLATFORM_URL: 'http://a', METRICS_PORT: '0' }).metrics.port).toBe(0);
  });

  it('reads the keep-alive of idle client connections, 72 s unless set (ADR 0316)', () => {
    expect(loadConfig({ PLATFORM_URL: 'http://a' }).timeouts.keepAlive).toBe(72_000);
    expect(
      loadConfig({ PLATFORM_URL: 'http://a', KEEP_ALIVE_TIMEOUT_MS: '620000' }).timeouts.keepAlive,
    ).toBe(620_000);
    expect(() => loadConfig({ PLATFORM_URL: 'http://a', KEEP_ALIVE_TIMEOUT_MS: '500' })).toThrow(
      /KEEP_ALIVE_TIMEOUT_MS/,
    );
  });

  it('refuses an OTLP protocol it cannot send (gRPC), naming the variable (ADR 0250)', () => {
    for (const name of ['OTEL_EXPORTER_OTLP_PROTOCOL', 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL']) {
      expect(() => loadConfig({ PLATFORM_URL: 'http://a', [name]: 'grpc' })).toThrow(name);
      expect(() => loadConfig({ PLATFORM_URL: 'http://a', [name]: 'http/protobuf' })).not.toThrow();
    }
  });

  it('refuses PORT=0 as any other value that is not a port, naming it', () => {
    // It listened on a random port, which no balancer or health check names.
    expect(() => loadConfig({ PLATFORM_URL: 'http://a', PORT: '0' })).toThrow(
      /^ {2}PORT: must be a port number, 1-65535 \(0 would be a random port/m,
    );
    for (const bad of ['70000', 'eighty', '80.5'])
      expect(() => loadConfig({ PLATFORM_URL: 'http://a', PORT: bad }), bad).toThrow(
        /^ {2}PORT: must be a port number, 1-65535$/m,
      );
    expect(loadConfig({ PLATFORM_URL: 'http://a', PORT: '1' }).port).toBe(1);
  });

  it('refuses a TRUST_PROXY address or range that is no IP, not only by its shape', () => {
    // Fastify's proxy-addr threw on these while the app was built: a crash naming no setting.
    for (const bad of ['10.0.0.300', '10.0.0.0/33', 'fd00::/129', '1.2.3.4/8/8', 'a:b:c'])
      expect(() => loadConfig({ PLATFORM_URL: 'http://a', TRUST_PROXY: bad }), bad).toThrow(
        /TRUST_PROXY/,
      );
    const config = loadConfig({
      PLATFORM_URL: 'http://a',
      TRUST_PROXY: '10.0.0.1, 10.244.0.0/16,::1,fd00::/8,172.28.0.10',
    });
    expect(config.trustProxy).toEqual([
      '10.0.0.1',
      '10.244.0.0/16',
      '::1',
      'fd00::/8',
      '172.28.0.10',
    ]);
  });
});
