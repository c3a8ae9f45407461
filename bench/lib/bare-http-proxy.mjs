// A bare @fastify/http-proxy in front of UPSTREAM_URL on 127.0.0.1:PORT, as its README shows it:
// no logger, no hooks, nothing but the proxy (bench/proxy-overhead.ts runs it as a child process,
// like the gateway, for comparison; issue #11 item 7).
import proxy from '@fastify/http-proxy';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
await app.register(proxy, {
  upstream: process.env.UPSTREAM_URL,
  prefix: '/api/services',
  rewritePrefix: '/api/services',
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
