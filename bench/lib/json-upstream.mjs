// The proxy benches' upstream (./proxied-read.ts): a plain node http server on 127.0.0.1:PORT
// answering every request with BODY, keep-alive. A process of its own, so that serving the
// proxied calls does not hold up the load generator's timers (its late starts showed in every
// mode's tail latency when both shared one event loop).
import { createServer } from 'node:http';

const body = process.env.BODY ?? '{}';
const length = Buffer.byteLength(body);
const upstream = createServer((req, res) => {
  req.resume();
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': length });
  res.end(body);
});
upstream.keepAliveTimeout = 60_000;
upstream.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => {
  upstream.close();
  upstream.closeAllConnections();
  process.exit(0);
});
