import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { guardDispatcher } from '../../server/upstream/guarded-dispatcher';
import type { Platform } from '../../server/upstream/platform';

// The gateway's view of a platform (server/upstream/platform.ts) whose every service is one
// plain HTTP server on 127.0.0.1 answering with `listener`: for unit tests of one upstream call.
export type OneUpstreamPlatform = { platform: Platform; close(): Promise<void> };

export async function oneUpstreamPlatform(listener: RequestListener): Promise<OneUpstreamPlatform> {
  const server: Server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent();
  const upstream = {
    name: 'platform',
    origin: `http://127.0.0.1:${port}`,
    prefix: '',
    dispatcher: guardDispatcher(agent, 2_000),
    timeoutMs: 2_000,
  };
  const platform: Platform = {
    upstreams: {
      forService: () => upstream,
      forPath: () => upstream,
      all: [upstream],
      oldestWaitMs: () => 0,
      close: () => upstream.dispatcher.close(),
    },
  };
  return {
    platform,
    close: async () => {
      await agent.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
