// Precompresses the browser's assets once at build time (brotli quality 11, gzip level 9) beside
// each file, as x.js.br and x.js.gz; @fastify/static serves them with `preCompressed: true`.
// Usage: node scripts/precompress.mjs [build dir]; default BUILD_DIR or build. ADR 0150.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|map|webmanifest)$/;
// Below this size the headers cost more than compression saves.
const MIN_BYTES = 512;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

export async function precompress(buildDir) {
  const root = join(buildDir, 'client');
  let count = 0;
  for await (const path of files(root)) {
    if ((await stat(path)).size < MIN_BYTES) continue;
    const source = await readFile(path);
    const br = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    const gz = gzipSync(source, { level: 9 });
    // A sibling that saves nothing is left out: the file is then served as is.
    if (br.length < source.length) await writeFile(`${path}.br`, br);
    if (gz.length < source.length) await writeFile(`${path}.gz`, gz);
    count += 1;
  }
  return count;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2] ?? process.env.BUILD_DIR ?? 'build';
  const count = await precompress(dir);
  console.log(`precompressed ${count} files in ${dir}/client (br q11, gzip 9)`);
}
