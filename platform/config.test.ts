import { describe, expect, it } from 'vitest';
import { loadPlatformConfig } from './config';
import { loadIdpConfig } from './idp/config';

// The platform's configuration from its environment: what it falls back to when a variable is
// not set, and which values it refuses.
describe('platform config', () => {
  it('listens on port 4000 and keeps its data in .data when nothing is set (README, Configuration)', () => {
    const config = loadPlatformConfig({});
    expect(config.port).toBe(4000);
    expect(config.dataDir).toBe('.data');
  });

  it('takes any NODE_ENV: development endpoints only for development, test or none (issue #25 item 6)', () => {
    const devEndpoints = (NODE_ENV?: string) => loadPlatformConfig({ NODE_ENV }).devEndpoints;
    expect(devEndpoints('staging')).toBe(false);
    expect(devEndpoints('production')).toBe(false);
    expect(devEndpoints('development')).toBe(true);
    expect(devEndpoints('test')).toBe(true);
    expect(devEndpoints(undefined)).toBe(true);
    expect(
      loadPlatformConfig({ NODE_ENV: 'staging', PLATFORM_DEV_ENDPOINTS: 'true' }).devEndpoints,
    ).toBe(true);
  });

  it('reads the refresh-token reuse window (docs/decisions/0220)', () => {
    expect(loadPlatformConfig({}).refreshReuseWindowSeconds).toBe(30);
    expect(
      loadPlatformConfig({ REFRESH_REUSE_WINDOW_SECONDS: '0' }).refreshReuseWindowSeconds,
    ).toBe(0);
    expect(() => loadPlatformConfig({ REFRESH_REUSE_WINDOW_SECONDS: '-1' })).toThrow(
      /REFRESH_REUSE_WINDOW_SECONDS/,
    );
  });

  it('takes an empty number as unset, not as 0 (PLATFORM_PORT= once listened on a random port)', () => {
    const config = loadPlatformConfig({
      PLATFORM_PORT: '',
      ACCESS_TOKEN_TTL: '',
      REFRESH_REUSE_WINDOW_SECONDS: '',
    });
    expect(config.port).toBe(4000);
    expect(config.refreshReuseWindowSeconds).toBe(30);
    expect(config.accessTokenTtl).toBe(300);
    expect(() => loadPlatformConfig({ PLATFORM_PORT: 'x' })).toThrow(/PLATFORM_PORT/);
    expect(() => loadPlatformConfig({ ACCESS_TOKEN_TTL: '0' })).toThrow(/ACCESS_TOKEN_TTL/);
  });

  it('refuses port 0 for the platform and its provider, naming the setting', () => {
    // It listened on a random port, which no PLATFORM_URL or issuer names.
    expect(() => loadPlatformConfig({ PLATFORM_PORT: '0' })).toThrow(
      /^ {2}PLATFORM_PORT: must be a port number, 1-65535 \(0 would be a random port/m,
    );
    expect(() => loadIdpConfig({ IDP_PORT: '0' })).toThrow(/^ {2}IDP_PORT: must be a port/m);
    expect(() => loadPlatformConfig({ PLATFORM_PORT: '65536' })).toThrow(
      /^ {2}PLATFORM_PORT: must be a port number, 1-65535$/m,
    );
    expect(loadPlatformConfig({ PLATFORM_PORT: '65535' }).port).toBe(65535);
    expect(loadIdpConfig({ IDP_PORT: '' }).port).toBe(4001);
  });

  it('refuses a PLATFORM_TRUST_PROXY address that is none, as the gateway refuses TRUST_PROXY', () => {
    // proxy-addr threw on 10.0.0.300 when the app was built, a crash without the setting's name.
    for (const value of ['10.0.0.300', '10.0.0.0/33', '::1/129', 'fe80::1::2', '1.2.3.4/8/8'])
      expect(() => loadPlatformConfig({ PLATFORM_TRUST_PROXY: value }), value).toThrow(
        /^ {2}PLATFORM_TRUST_PROXY\.0: must be IP addresses, CIDR ranges, loopback/m,
      );
    expect(
      loadPlatformConfig({ PLATFORM_TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::/8' }).trustProxy,
    ).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8']);
  });

  it('refuses an OTLP protocol it cannot send (gRPC), naming the variable (ADR 0250)', () => {
    expect(() => loadPlatformConfig({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(
      /OTEL_EXPORTER_OTLP_PROTOCOL/,
    );
    expect(() =>
      loadPlatformConfig({ OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf' }),
    ).not.toThrow();
  });

  it('refuses an empty PLATFORM_HOST as its own setting, before the demo provider reads it', () => {
    // It passed here and the provider's configuration refused it, under its own heading.
    expect(() => loadPlatformConfig({ PLATFORM_HOST: '' })).toThrow(
      /^Invalid platform configuration:\n {2}PLATFORM_HOST: must be an address to listen on/,
    );
    expect(loadPlatformConfig({}).host).toBe('127.0.0.1');
  });

  it('bounds each development inbox by count and days, defaults kept for a session (ADR 0359)', () => {
    const config = loadPlatformConfig({});
    expect(config.errorInboxRetention).toEqual({ keep: 10_000, days: 30 });
    expect(config.analyticsInboxRetention).toEqual({ keep: 100_000, days: 7 });
    expect(config.outboxRetention).toEqual({ keep: 10_000, days: 30 });
    const set = loadPlatformConfig({
      PLATFORM_ERROR_INBOX_KEEP: '500',
      PLATFORM_ERROR_INBOX_DAYS: '',
      PLATFORM_ANALYTICS_DAYS: '1',
      PLATFORM_OUTBOX_KEEP: '10000000',
    });
    expect(set.errorInboxRetention).toEqual({ keep: 500, days: 30 });
    expect(set.analyticsInboxRetention).toEqual({ keep: 100_000, days: 1 });
    expect(set.outboxRetention.keep).toBe(10_000_000);
  });

  it('refuses a bound that would empty an inbox, leave it unbounded or is no whole number', () => {
    const refused = (env: NodeJS.ProcessEnv) => () => loadPlatformConfig(env);
    for (const value of ['0', '-5', '1.5', 'ten', '10000001', '1e9'])
      for (const name of ['PLATFORM_ERROR_INBOX_KEEP', 'PLATFORM_ANALYTICS_KEEP'])
        expect(refused({ [name]: value }), `${name}=${value}`).toThrow(
          new RegExp(`^ {2}${name}: must be a whole number of rows to keep, 1-10000000$`, 'm'),
        );
    for (const value of ['0', '3651', '7d'])
      expect(refused({ PLATFORM_OUTBOX_DAYS: value }), value).toThrow(
        /^ {2}PLATFORM_OUTBOX_DAYS: must be a whole number of days, 1-3650$/m,
      );
    // Every bad one named at once.
    expect(refused({ PLATFORM_OUTBOX_KEEP: '0', PLATFORM_ANALYTICS_DAYS: '0' })).toThrow(
      /PLATFORM_ANALYTICS_DAYS: [^\n]+\n {2}PLATFORM_OUTBOX_KEEP: /,
    );
  });

  it('refuses a LOG_FORMAT other than pretty or json; empty is unset (ADR 0312)', () => {
    // Another value had been taken silently as unset.
    expect(() => loadPlatformConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
    expect(() => loadPlatformConfig({ LOG_FORMAT: '' })).not.toThrow();
  });
});
