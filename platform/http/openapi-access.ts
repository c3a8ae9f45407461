import { z } from 'zod';

// Who may call an operation and what it may answer besides success, as routes declare it next to
// their zod schemas (`auth`, `shop`, `errors`, `answers`, `hide` in a route's `schema`;
// docs/decisions/0230). The OpenAPI document reads them; Fastify ignores them.
type JsonSchema = Record<string, unknown>;

export type RouteAccess = {
  /**
   * The token an operation needs: 'account' (a signed-in shopper's), 'principal' (a guest's or a
   * shopper's), 'optional' (the answer depends on it when sent), 'none' (the default).
   */
  auth?: 'account' | 'principal' | 'optional' | 'none';
  /** The shop must be named by X-Domain-Origin: a missing or unknown one is a 421. */
  shop?: boolean;
  /** 4xx answers beyond those `auth`, `shop`, a path parameter (404) and validation (400) imply. */
  errors?: readonly number[];
  /** Answers described for the document only: a body the route sends as it is (not serialized). */
  answers?: Record<number, { description: string; contentType: string; schema?: JsonSchema }>;
  /** Left out of the document: an endpoint of another protocol (Sentry's envelope intake). */
  hide?: boolean;
};

export const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request: the message names the part and field (`Invalid body: email: …`)',
  401: 'No valid access token: missing, expired (`Access token expired`), or a guest where an account is needed',
  403: 'Not allowed: another shop’s cart or token, or an account not yet activated',
  404: 'Not found (or not the caller’s)',
  409: 'Conflicts with the current state (an order no longer editable, a delivery slot full or past)',
  413: 'Body larger than the platform accepts (1 MiB)',
  421: 'Unknown shop: X-Domain-Origin is missing or names no configured shop',
  429: 'Too many sign-in attempts for this e-mail: wait the Retry-After seconds',
};

/** The 4xx statuses an operation documents, in order. */
export function errorStatuses(
  method: string,
  url: string,
  access: RouteAccess,
  hasBody: boolean,
): number[] {
  const statuses = new Set<number>([400, ...(access.errors ?? [])]);
  if (access.auth === 'account' || access.auth === 'principal') statuses.add(401);
  if (access.shop) statuses.add(421);
  if (url.includes(':')) statuses.add(404);
  if (hasBody && method !== 'GET') statuses.add(413);
  return [...statuses].sort((a, b) => a - b);
}

/** The operation's `security`: who may call it (an empty requirement: without a token). */
export function securityOf(access: RouteAccess): Record<string, string[]>[] {
  const token: Record<string, string[]>[] = [{ bearer: [] }, { accessTokenCookie: [] }];
  if (access.auth === 'account' || access.auth === 'principal') return token;
  if (access.auth === 'optional') return [{}, ...token];
  return [];
}

/** Header parameters every operation takes: the gateway's product headers (docs/decisions/0230). */
export function headerParameters(access: RouteAccess): JsonSchema[] {
  return [
    { $ref: access.shop ? '#/components/parameters/ShopRequired' : '#/components/parameters/Shop' },
    { $ref: '#/components/parameters/CorrelationId' },
    { $ref: '#/components/parameters/ClientName' },
  ];
}

const shopHeader = (required: boolean) => ({
  name: 'X-Domain-Origin',
  in: 'header',
  required,
  description:
    'The shop (tenant) the call is for: the origin the visitor addressed, e.g. `https://fresh.example`.' +
    (required ? ' Missing or unknown: 421.' : ''),
  schema: { type: 'string', format: 'uri', maxLength: 300 },
});

export const COMPONENT_PARAMETERS = {
  Shop: shopHeader(false),
  ShopRequired: shopHeader(true),
  CorrelationId: {
    name: 'X-Correlation-ID',
    in: 'header',
    required: false,
    description:
      'The caller’s correlation id (32 letters and digits): logged and echoed in errors.',
    schema: { type: 'string', pattern: '^[A-Za-z0-9]{32}$' },
  },
  ClientName: {
    name: 'X-Client-Name',
    in: 'header',
    required: false,
    description: 'The calling client; the gateway sends `cms-website`.',
    schema: { type: 'string', examples: ['cms-website'] },
  },
};

export const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access token uaa issued (sign-in, guest, refresh).',
  },
  accessTokenCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'access_token',
    description: 'The same access token as a cookie.',
  },
};

/**
 * A JSON string whose content matches `schema` as a reader parses it (the CMS context answer,
 * specification section 7).
 */
export function jsonStringOf(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...content } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return { type: 'string', contentMediaType: 'application/json', contentSchema: content };
}
