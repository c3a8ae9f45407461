import {
  gatewayOperations,
  type GatewayAnswer,
  type GatewayOperation,
} from '../../server/api/gateway-operations';
import { CLIENT_ERROR_CODES, SERVER_ERROR_CODES } from '../../shared/error-codes';
import { ErrorBody } from '../../server/api/schemas';
import { helmetOptions, securityHeaders } from '../../server/plugins/security-headers';
import { pageOperations } from './gateway-pages';
import { jsonSchema, parametersOf, type JsonSchema } from './json-schema';
import { proxyOperations } from './gateway-proxy';

// docs/api/gateway.openapi.json: the gateway's own HTTP API (docs/decisions/0232), from the zod
// schemas its routes validate with (server/api/), the route table and the client's form schemas.
export const GATEWAY_API_VERSION = '2.1.1';

const URI_TOO_LONG: GatewayAnswer = { description: 'uri_too_long', schema: ErrorBody };

function operation(op: GatewayOperation): JsonSchema {
  const csrf =
    op.csrf === 'origin-and-header'
      ? [{ $ref: '#/components/parameters/Csrf' }, { $ref: '#/components/parameters/Origin' }]
      : op.csrf === 'origin'
        ? [{ $ref: '#/components/parameters/Origin' }]
        : [];
  return {
    operationId: op.id,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    security:
      op.auth === 'purge-token'
        ? [{ purgeToken: [] }]
        : op.auth === 'session-cookie'
          ? [{}, { sessionCookie: [] }]
          : [],
    parameters: [...parametersOf('path', op.params), ...parametersOf('query', op.query), ...csrf],
    ...(op.body
      ? {
          requestBody: {
            required: true,
            ...(op.body.description ? { description: op.body.description } : {}),
            content: {
              [op.body.contentType]: {
                schema: op.body.schema ? jsonSchema(op.body.schema, 'input') : { type: 'string' },
              },
            },
          },
        }
      : {}),
    responses: Object.fromEntries(
      // Every route refuses a target over 8 KiB (server/request/target.ts).
      Object.entries({ ...op.answers, 414: URI_TOO_LONG }).map(([status, answer]) => [
        status,
        {
          description: answer.description,
          ...(answer.headers
            ? {
                headers: Object.fromEntries(
                  Object.entries(answer.headers).map(([name, description]) => [
                    name,
                    { description, schema: { type: 'string' } },
                  ]),
                ),
              }
            : {}),
          ...(answer.schema
            ? {
                content: {
                  [answer.contentType ?? 'application/json']: {
                    schema: jsonSchema(answer.schema, 'output'),
                  },
                },
              }
            : {}),
        },
      ]),
    ),
  };
}

/** The headers every answer carries: the CID and the security headers helmet sets. */
function everyAnswerHeaders(): Record<string, JsonSchema> {
  const security = securityHeaders(helmetOptions({ cookieSecure: true }));
  const headers: Record<string, JsonSchema> = {
    'X-Correlation-ID': {
      description: 'This request’s correlation id (32 letters and digits): quote it to support',
      schema: { type: 'string', pattern: '^[A-Za-z0-9]{32}$' },
    },
  };
  for (const [name, value] of Object.entries(security)) {
    const title = name.replace(/(^|-)(\w)/g, (m) => m.toUpperCase());
    headers[title] = {
      description:
        name === 'strict-transport-security'
          ? `\`${value}\` when COOKIE_SECURE is true (the shop is served over https)`
          : `\`${value}\``,
      schema: { type: 'string' },
    };
  }
  return headers;
}

/** The code of each status (shared/error-codes.ts), the document's `x-error-codes`. */
const ERROR_CODES = { ...CLIENT_ERROR_CODES, ...SERVER_ERROR_CODES };

/** The error shape, its code said as the gateway and the reference platform choose it. */
function errorSchema(): JsonSchema {
  const schema = jsonSchema(ErrorBody, 'output');
  const error = (schema.properties as Record<string, JsonSchema>).error!;
  (error.properties as Record<string, JsonSchema>).code = {
    type: 'string',
    description:
      'The status’s code, as `x-error-codes` lists them (400 bad_request, 404 not_found, 405 method_not_allowed, 501 not_implemented, …; any other 4xx bad_request, any other 5xx internal_error), unless the operation’s answer names one that says more (`csrf`, `bad_path`, `too_many_fields`). The reference platform’s services name a status the same way, and through the proxy a service’s code is kept: uaa’s are OAuth’s (400 invalid_request, 401 invalid_token or invalid_grant). Before 2.0.0 a body the gateway’s parser or schema refused was `invalid_request`.',
  };
  return schema;
}

export async function buildGatewayDocument(): Promise<JsonSchema> {
  const headers = everyAnswerHeaders();
  const paths: Record<string, Record<string, JsonSchema>> = {
    ...(await pageOperations()),
    ...proxyOperations(),
  };
  for (const op of gatewayOperations) (paths[op.path] ??= {})[op.method] = operation(op);
  // Every answer names the headers every answer carries.
  const refs = Object.fromEntries(
    Object.keys(headers).map((name) => [name, { $ref: `#/components/headers/${name}` }]),
  );
  for (const operations of Object.values(paths))
    for (const [key, op] of Object.entries(operations))
      if (!key.startsWith('x-'))
        for (const answer of Object.values(op.responses as Record<string, JsonSchema>))
          answer.headers = { ...refs, ...(answer.headers as object) };
  const sorted = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Storefront gateway',
      version: GATEWAY_API_VERSION,
      license: { name: 'UNLICENSED', identifier: 'LicenseRef-Proprietary' },
      description: [
        'The HTTP API of the storefront gateway (backend-for-frontend): the pages and their form',
        'actions, the session endpoints (/auth/*), the proxy to the platform’s services',
        '(/api/services/{service}/{path}), consent and analytics events, health, the browser’s error',
        'tunnel and the cache purge.',
        'Errors are `{ error: { code, message, cid } }`, the code the status’s (`x-error-codes`) unless',
        'the operation’s answer names another. The balancers of deploy/ answer some requests',
        'themselves in this shape, the cid in X-Correlation-ID: a replica unreachable or too slow',
        '(502-504), a request refused by nginx. HAProxy’s refusals of a request it could not read',
        '(malformed, a head over its buffer or too slow: 400, 405, 408, 413, 414, 422, 431, 500, 501)',
        'have no `cid` and no X-Correlation-ID (HAProxy 3.3 on; 2.6 answers them with its HTML pages),',
        'and nginx closes a connection whose head or body is too slow without an answer.',
        'A method a path has no operation for is a 405',
        '`method_not_allowed` whose Allow header names the methods it has (HEAD with each GET; a page’s',
        'are GET and HEAD, and POST when it has a form action); through the proxy the service answers it.',
        'A method the gateway takes nowhere (PROPFIND, PURGE, any unknown token: all but GET, HEAD, POST,',
        'PUT, PATCH, DELETE, OPTIONS, TRACE and QUERY) is a 501 `not_implemented` on every path, before',
        'the CSRF check, and is never proxied. `OPTIONS *` answers 200 with no content and an Allow',
        'header naming the methods the gateway implements (GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS).',
        'Writes come from the shop’s own pages',
        '(Origin; `X-CSRF: 1` on /auth/* and the proxy). The visitor’s tokens live in httpOnly cookies',
        'and never appear in an answer. A client that is no browser (an integration test) keeps every',
        'cookie the gateway sets and sends them back, sends `X-CSRF: 1` on the writes of /auth/* and',
        'the proxy, and sends no Origin or the shop’s own. Generated by `npm run api:docs` (docs/decisions/0232);',
        'served on the metrics port at /openapi.json (and on the shop’s port with OPENAPI_PUBLIC=true);',
        'changes are listed in docs/api/CHANGELOG.md.',
      ].join(' '),
    },
    servers: [{ url: 'https://shop.example', description: 'The shop’s own origin' }],
    tags: [
      { name: 'pages', description: 'The screens of the route table and their form actions' },
      { name: 'session', description: 'Sign-in, sign-out, guest sessions, the provider callback' },
      { name: 'proxy', description: 'The browser’s calls to the platform’s services' },
      { name: 'operations', description: 'Health, readiness, error tunnel, cache purge' },
      { name: 'analytics', description: 'Consent and consented analytics events (ANALYTICS=on)' },
    ],
    components: {
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'access_token',
          description:
            'The visitor’s session: the access_token, refresh_token and session_proof cookies the gateway set (a guest’s from POST /auth/guest, a shopper’s from POST /auth/sign-in). Send all three back, and those of every answer that sets them again (a renewal), and no more those an answer clears (Max-Age=0): an access token past its expiry sent without a refresh token is cleared by the page, GET /auth/session or proxied call that carried it; a refresh token sent without its session_proof is one the gateway did not set, whose refused renewals count against the address (GET /auth/session). With COOKIE_SECURE (the default) they are Secure: over plain http a cookie jar may keep them for localhost only.',
        },
        purgeToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'CACHE_PURGE_TOKEN',
        },
      },
      parameters: {
        Csrf: {
          name: 'X-CSRF',
          in: 'header',
          required: true,
          description: 'Must be `1` (a header a cross-site form cannot send): 403 csrf otherwise',
          schema: { type: 'string', const: '1' },
        },
        Origin: {
          name: 'Origin',
          in: 'header',
          required: false,
          description:
            'When sent, the shop’s own origin; without it, Sec-Fetch-Site when sent must be same-origin or none (403 csrf otherwise)',
          schema: { type: 'string' },
        },
      },
      headers,
      schemas: { Error: errorSchema() },
    },
    'x-error-codes': ERROR_CODES,
    paths: sorted,
  };
}
