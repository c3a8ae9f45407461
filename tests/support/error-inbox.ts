import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { startFaultProxy, type FaultProxy } from './fault-proxy';
import { startPlatform, type TestPlatform } from './platform';
import { closeGateway } from './close-gateway';

// The shop with error reporting on, its DSN pointing at the reference platform's local error
// inbox (issue #7 item 3), so tests read what reached "Sentry" from GET /dev/errors.
export type InboxEvent = {
  eventId: string;
  message: string;
  cid: string | null;
  tenant: string | null;
  route: string | null;
  user: { login: string | null; email: string | null } | null;
  platform: string | null;
  event: Record<string, unknown>;
};

export type ReportingShop = {
  url: string;
  dsn: string;
  platform: TestPlatform;
  /** Between gateway and platform: makes chosen upstream calls fail. */
  faults: FaultProxy;
  gateway: FastifyInstance;
  /** Waits until the gateway's reports are delivered, then reads the inbox (by CID when given). */
  inbox(cid?: string): Promise<InboxEvent[]>;
  close(): Promise<void>;
};

export const inboxDsn = (platformUrl: string) =>
  `${platformUrl.replace('://', '://publickey@')}/dev/errors/1`;

export async function readInbox(platformUrl: string, cid?: string): Promise<InboxEvent[]> {
  const query = cid ? `?cid=${encodeURIComponent(cid)}` : '';
  const response = await fetch(`${platformUrl}/dev/errors${query}`, {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`inbox answered ${response.status}`);
  return ((await response.json()) as { events: InboxEvent[] }).events;
}

export async function startReportingShop(env: Record<string, string> = {}): Promise<ReportingShop> {
  const platform = await startPlatform();
  const dsn = inboxDsn(platform.url);
  const faults = await startFaultProxy(platform.url);
  const config = loadConfig({
    PLATFORM_URL: faults.url,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    SENTRY_DSN: dsn,
    SENTRY_PUBLIC_DSN: dsn,
    ...env,
  });
  const gateway = await buildApp(config);
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  const { port } = gateway.server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    dsn,
    platform,
    faults,
    gateway,
    inbox: async (cid) => {
      // Reports of a request may leave after its response (the visitor is looked up first).
      await new Promise((resolve) => setTimeout(resolve, 200));
      await gateway.reporter.flush(5_000);
      return readInbox(platform.url, cid);
    },
    close: async () => {
      await closeGateway(gateway);
      await faults.close();
      await platform.close();
    },
  };
}
