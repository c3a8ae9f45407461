import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import type { HeldPort } from '../held-port';
import type { IdpClient } from './config';
import { loadProvider } from './load-provider';
import { createProvider, idpHandler } from './provider';

// Starts the demo identity provider on its own HTTP server. Its signing key and cookie key are kept
// in the data directory when one is given, so tokens and sign-in sessions survive a restart.
export type RunningIdp = {
  url: string;
  server: Server;
  close(): Promise<void>;
};

type Secrets = { jwk: Record<string, unknown>; cookieKey: string };

async function newSecrets(): Promise<Secrets> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = {
    ...(await exportJWK(privateKey)),
    alg: 'RS256',
    use: 'sig',
    kid: randomBytes(8).toString('hex'),
  };
  return { jwk, cookieKey: randomBytes(32).toString('base64url') };
}

async function loadSecrets(dataDir: string | undefined): Promise<Secrets> {
  if (!dataDir) return newSecrets();
  const file = join(dataDir, 'idp-secrets.json');
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Secrets;
  } catch {
    const secrets = await newSecrets();
    await writeFile(file, JSON.stringify(secrets), { mode: 0o600 });
    return secrets;
  }
}

/**
 * Listens first (port 0 picks one), so that a default issuer can name the real port. The clients
 * may be given late (a function read at the first request), for a test whose shop's port is not
 * known yet. `heldPort`: the port the platform process has held since its start (../held-port.ts),
 * handed over as this server listens on it.
 */
export async function startIdp(options: {
  port: number;
  host: string;
  issuer?: string;
  clients: readonly IdpClient[] | (() => readonly IdpClient[]);
  dataDir?: string;
  heldPort?: HeldPort;
}): Promise<RunningIdp> {
  const secrets = await loadSecrets(options.dataDir);
  const ProviderClass = await loadProvider();
  const server = createServer();
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => resolve());
    });
  await (options.heldPort ? options.heldPort.handOver(listen) : listen());
  const { port } = server.address() as AddressInfo;
  const url = options.issuer ?? `http://127.0.0.1:${port}`;
  let handler: ReturnType<typeof idpHandler> | null = null;
  server.on('request', (req, res) => {
    if (!handler) {
      const clients = typeof options.clients === 'function' ? options.clients() : options.clients;
      handler = idpHandler(
        createProvider(ProviderClass, {
          issuer: url,
          clients,
          jwks: { keys: [secrets.jwk] },
          cookieKeys: [secrets.cookieKey],
        }),
      );
    }
    handler(req, res);
  });
  return {
    url,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
