import { timingSafeEqual } from 'node:crypto';

// The demo identity provider's people. It stands in for a public provider (Google, Apple,
// Microsoft): the shop only ever sees what such a provider would send, an ID token with these claims.
export type DemoIdentity = {
  /** What the person types on the provider's sign-in page. */
  username: string;
  password: string;
  /** Stable subject identifier, never reused. */
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
};

export const DEMO_IDENTITIES: readonly DemoIdentity[] = [
  {
    // Same verified e-mail as the shop's demo shopper: the first sign-in links to that account.
    username: 'shopper',
    password: 'demo1234',
    sub: 'd3m0-5h0pp3r-0001',
    email: 'shopper@example.com',
    emailVerified: true,
    givenName: 'Sam',
    familyName: 'Shopper',
  },
  {
    // Nobody the shop knows: the first sign-in creates an account.
    username: 'newcomer',
    password: 'demo1234',
    sub: 'd3m0-n3wc0m3r-0002',
    email: 'newcomer@example.com',
    emailVerified: true,
    givenName: 'Nia',
    familyName: 'Newcomer',
  },
  {
    // Claims the demo shopper's e-mail without having verified it: the shop must refuse to link.
    username: 'unverified',
    password: 'demo1234',
    sub: 'd3m0-unv3r1f13d-0003',
    email: 'shopper@example.com',
    emailVerified: false,
    givenName: 'Una',
    familyName: 'Unverified',
  },
];

const bySub = new Map(DEMO_IDENTITIES.map((identity) => [identity.sub, identity]));

export function identityBySub(sub: string): DemoIdentity | undefined {
  return bySub.get(sub);
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The identity of a username and password, or undefined. */
export function checkCredentials(username: string, password: string): DemoIdentity | undefined {
  const identity = DEMO_IDENTITIES.find((candidate) => candidate.username === username.trim());
  return identity && same(identity.password, password) ? identity : undefined;
}

/** The claims the provider releases for a subject (scopes filter them). */
export function claimsOf(identity: DemoIdentity): Record<string, unknown> {
  return {
    sub: identity.sub,
    email: identity.email,
    email_verified: identity.emailVerified,
    name: `${identity.givenName} ${identity.familyName}`,
    given_name: identity.givenName,
    family_name: identity.familyName,
  };
}
