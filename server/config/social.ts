import { z } from 'zod';
import { duration, secret } from './values';

// Sign-in through OpenID Connect providers, the page proofs' key and the development mailbox.

// Plain http only for a provider on this machine.
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|[\w.-]+\.localhost)$/;

const socialProvider = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,32}$/, 'must be 1-32 lowercase letters, digits or dashes'),
  name: z.string().trim().min(1).max(60),
  discoveryUrl: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .refine(
      (u) => u.startsWith('https:') || LOOPBACK.test(new URL(u).hostname),
      'must be https (http only on localhost)',
    ),
  clientId: z.string().min(1).max(400),
  clientSecret: z.string().min(1).max(400),
  scopes: z
    .array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/))
    .default(['openid', 'email', 'profile']),
});

/** A JSON list of providers. */
const socialProviders = z
  .string()
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of providers' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(socialProvider)
      .refine((list) => new Set(list.map((p) => p.id)).size === list.length, 'ids must be unique')
      .refine(
        (list) => list.every((p) => p.scopes.includes('openid')),
        'scopes must include openid',
      ),
  );

export const socialFields = {
  /** OpenID Connect sign-in providers (JSON list); none means no "Continue with" buttons. */
  SOCIAL_PROVIDERS: socialProviders.default([]),
  /** Key of the sign-in transaction cookie (at least 32 characters; the same on every replica). */
  SOCIAL_COOKIE_SECRET: secret().optional(),
  /** Key of page proofs (a /blink-test CID, ADR 0244; 32+ characters; the same on every replica). */
  PAGE_PROOF_SECRET: secret().optional(),
  /** Each call to a sign-in provider (discovery, token, keys). */
  SOCIAL_TIMEOUT_MS: duration(5_000),
  /**
   * The development mailbox (ADR 0273): /dev/mail lists the platform's outbox and the sign-in
   * screens link to it. Off by default: the page shows every shopper's activation and reset links.
   */
  DEV_MAILBOX: z.enum(['on', 'off']).default('off'),
};

export type SocialProvider = z.infer<typeof socialProvider>;

export type SocialConfig = {
  social: { providers: SocialProvider[]; cookieSecret?: string; timeoutMs: number };
  /** Key of the page proofs (ADR 0244); without it, the social cookie's key, else per process. */
  pageProofSecret?: string;
  /** /dev/mail and the sign-in screens' link to it (DEV_MAILBOX, development only). */
  devMailbox: boolean;
};

type Env = z.infer<z.ZodObject<typeof socialFields>>;

export const readSocial = (e: Env): SocialConfig => ({
  social: {
    providers: e.SOCIAL_PROVIDERS,
    cookieSecret: e.SOCIAL_COOKIE_SECRET,
    timeoutMs: e.SOCIAL_TIMEOUT_MS,
  },
  pageProofSecret: e.PAGE_PROOF_SECRET ?? e.SOCIAL_COOKIE_SECRET,
  devMailbox: e.DEV_MAILBOX === 'on',
});
