import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderToString } from 'react-dom/server';
import { htmlToReact } from './html-to-react';

// The render-ratio baseline, run as its own process (node --import tsx): a bare Node http server
// that renderToString's one fixed element tree (the gateway page's <body>) per request. Prints
// {"port": n} on stdout once listening.
const tree = htmlToReact(readFileSync(process.argv[2]!, 'utf8'));

const server = createServer((_req, res) => {
  const html = renderToString(tree);
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
  });
  res.end(html);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
