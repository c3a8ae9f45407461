import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

// On-the-fly compression of what the gateway renders or answers itself: pages,
// React Router data, the gateway's JSON. Static assets are precompressed at build time
// (scripts/precompress.mjs, @fastify/static `preCompressed`), and an answer that already has a
// Content-Encoding (a proxied one, a precompressed file) is never compressed again. The proxy
// route turns compression off: the upstream's encoding passes through untouched. ADR 0150.
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // A body written in parts reaches the browser part by part, not held back in the compressor
    // (documents themselves are sent whole since ADR 0212).
    zlibOptions: { level: 6, flush: constants.Z_SYNC_FLUSH },
    // The merge with the plugin's defaults is shallow: `params` is all of it. Quality 4 gives
    // most of brotli's gain at a small part of the higher qualities' CPU per page (ADR 0150).
    brotliOptions: {
      flush: constants.BROTLI_OPERATION_FLUSH,
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
  });
}
