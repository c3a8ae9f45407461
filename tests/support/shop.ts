import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { closeGateway } from './close-gateway';
import { startPlatform, type TestPlatform } from './platform';

// The whole shop for journey tests: the reference platform and the gateway (production build),
// each on its own port on 127.0.0.1, talking real HTTP.
export type TestShop = {
  url: string;
  platform: TestPlatform;
  gateway: FastifyInstance;
  close(): Promise<void>;
};

export async function startShop(env: Record<string, string> = {}): Promise<TestShop> {
  const platform = await startPlatform();
  const config = loadConfig({
    PLATFORM_URL: platform.url,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    ...env,
  });
  const gateway = await buildApp(config);
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  const { port } = gateway.server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    platform,
    gateway,
    close: async () => {
      await closeGateway(gateway);
      await platform.close();
    },
  };
}
