import { z } from 'zod';
import { listeningPort } from '../../shared/env-numbers';

// The demo identity provider's settings, from the environment (IDP_*), validated at start.
export type IdpClient = {
  clientId: string;
  clientSecret: string;
  name: string;
  redirectUris: string[];
};

export type IdpConfig = {
  enabled: boolean;
  port: number;
  host: string;
  issuer: string;
  client: IdpClient;
};

const list = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ protocol: /^https?$/ })).min(1));

const schema = z.object({
  IDP_ENABLED: z.enum(['true', 'false']).default('true'),
  IDP_PORT: listeningPort(4001),
  IDP_HOST: z.string().min(1).optional(),
  PLATFORM_HOST: z.string().min(1).default('127.0.0.1'),
  IDP_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  IDP_CLIENT_ID: z.string().min(1).default('storefront'),
  IDP_CLIENT_SECRET: z.string().min(16).default('storefront-demo-client-secret'),
  IDP_REDIRECT_URIS: list.default([
    'http://localhost:3000/auth/social/demo/callback',
    'http://harbour.localhost:3000/auth/social/demo/callback',
  ]),
});

export function loadIdpConfig(env: NodeJS.ProcessEnv = process.env): IdpConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid identity provider configuration:\n${fields}`);
  }
  const e = parsed.data;
  const host = e.IDP_HOST ?? e.PLATFORM_HOST;
  return {
    enabled: e.IDP_ENABLED === 'true',
    port: e.IDP_PORT,
    host,
    issuer: (e.IDP_ISSUER ?? `http://127.0.0.1:${e.IDP_PORT}`).replace(/\/+$/, ''),
    client: {
      clientId: e.IDP_CLIENT_ID,
      clientSecret: e.IDP_CLIENT_SECRET,
      name: 'Storefront',
      redirectUris: e.IDP_REDIRECT_URIS,
    },
  };
}
