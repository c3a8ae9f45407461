import { UPSTREAM_CONTRACT_VERSION, upstreamOperations } from '../../shared/upstream/contract';
import type { UpstreamOperation } from '../../shared/upstream/operation';
import { jsonSchema, parametersOf, type JsonSchema } from './json-schema';

// docs/api/upstream.openapi.json: the upstream contract (docs/decisions/0231) from
// shared/upstream/'s declarations and the zod schemas of shared/contracts/.
const ERRORS: Record<number, string> = {
  400: 'Invalid request',
  401: 'No valid access token (uaa: invalid_token), or for the token calls a refused grant (invalid_grant)',
  403: 'Not allowed (another shop’s cart; an account not activated)',
  404: 'Not found, or not the caller’s',
  409: 'Conflicts with the current state',
  421: 'Unknown shop: the page shows the context’s site error',
  429: 'Too many attempts: Retry-After says when to try again',
};

const TAGS: Record<string, string> = {
  'cms-api': 'The CMS: the page context (specification call 1) and content',
  uaa: 'Accounts and sessions (specification call 2; the token calls only the gateway makes)',
  'booking-ms': 'The cart (specification calls 3-7)',
  catalogue: 'Products, brands, categories, search, pictures',
  orders: 'Delivery slots, checkout, order history',
  'shopping-lists': 'The shopper’s shopping lists',
  'smart-carts': 'The shopper’s smart carts (saved carts ordered again)',
  profile: 'The shopper’s name, delivery addresses and cards',
  diagnostics: 'Blink-test reports',
};

const ref = (name: string) => ({ $ref: `#/components/parameters/${name}` });
const errorAnswer = (status: number) => ({
  description: ERRORS[status] ?? 'Error',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function answer(
  op: UpstreamOperation,
  status: string,
  schema: UpstreamOperation['answers'][number],
) {
  if (schema === null)
    return { description: status === '204' ? 'No content' : 'Success (body not read)' };
  const body = jsonSchema(schema, 'input');
  return {
    description: op.jsonString ? 'A JSON string whose content is the object' : 'Success',
    content: {
      'application/json': {
        schema: op.jsonString
          ? { type: 'string', contentMediaType: 'application/json', contentSchema: body }
          : body,
      },
    },
  };
}

function operation(op: UpstreamOperation): JsonSchema {
  const errors = new Set([
    400,
    ...(op.auth === 'account' || op.auth === 'principal' ? [401] : []),
    ...(op.errors ?? []),
  ]);
  const screens = [...new Set([...op.requiredFor, ...(op.optionalFor ?? [])])];
  const token = [{ bearer: [] }];
  return {
    operationId: op.id,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.service],
    security: op.auth === 'none' ? [] : op.auth === 'optional' ? [{}, ...token] : token,
    parameters: [
      ...parametersOf('path', op.params),
      ...parametersOf('query', op.query),
      ref('CorrelationId'),
      ref('DomainOrigin'),
      ref('ClientName'),
      ...(op.headers ?? []).map((h) => ({
        name: h.name,
        in: 'header',
        required: false,
        description: h.description,
        schema: { type: 'string' },
      })),
    ],
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(op.body, 'output') } },
          },
        }
      : {}),
    responses: {
      ...Object.fromEntries(
        Object.entries(op.answers).map(([status, schema]) => [status, answer(op, status, schema)]),
      ),
      ...Object.fromEntries(
        [...errors].sort().map((status) => [String(status), errorAnswer(status)]),
      ),
    },
    'x-required': op.requiredFor.length > 0,
    'x-required-for': op.requiredFor,
    'x-optional-for': op.optionalFor ?? [],
    'x-screens': screens,
    'x-callers': op.callers,
    ...(op.specCall ? { 'x-specification-call': op.specCall } : {}),
  };
}

export function buildUpstreamDocument(operations = upstreamOperations): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of operations) (paths[op.path] ??= {})[op.method.toLowerCase()] = operation(op);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Storefront upstream contract',
      version: UPSTREAM_CONTRACT_VERSION,
      license: { name: 'UNLICENSED', identifier: 'LicenseRef-Proprietary' },
      description: [
        'What the storefront gateway needs from the platform behind it: every operation the gateway,',
        'the pages (server side) and the browser (through the gateway’s /api/services proxy) call.',
        'Every call carries X-Correlation-ID, X-Domain-Origin (the shop) and X-Client-Name: cms-website;',
        'calls for a visitor carry `Authorization: Bearer <access token>`.',
        'Every service refuses (401, as for an expired token) an access token whose session uaa ended',
        '(sign-out, password change or reset, a refresh token replayed outside the reuse window),',
        'whatever its `exp` (docs/decisions/0243).',
        '`x-required-for` lists the screens that fail when an operation fails; `x-optional-for` the screens',
        'that leave a section out. Answers are described as the gateway reads them: fields it does not',
        'read may be added. Generated by `npm run api:docs` from shared/upstream/ (docs/decisions/0231);',
        'changes are listed in docs/api/CHANGELOG.md.',
      ].join(' '),
    },
    servers: [
      {
        url: 'https://platform.example',
        description: 'PLATFORM_URL, or the service’s entry of SERVICE_URLS',
      },
    ],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access token uaa issued for the visitor',
        },
      },
      parameters: {
        CorrelationId: {
          name: 'X-Correlation-ID',
          in: 'header',
          required: true,
          description: 'The page’s correlation id (32 letters and digits)',
          schema: { type: 'string', pattern: '^[A-Za-z0-9]{32}$' },
        },
        DomainOrigin: {
          name: 'X-Domain-Origin',
          in: 'header',
          required: true,
          description: 'The shop: the origin the visitor addressed (`https://fresh.example`)',
          schema: { type: 'string', format: 'uri' },
        },
        ClientName: {
          name: 'X-Client-Name',
          in: 'header',
          required: true,
          description: 'Always `cms-website`',
          schema: { type: 'string', const: 'cms-website' },
        },
      },
      schemas: {
        Error: {
          description:
            'Services answer { error: { code, message } }; uaa answers { error, error_description } (OAuth style). The gateway shows the message.',
          oneOf: [
            {
              type: 'object',
              required: ['error'],
              properties: {
                error: {
                  type: 'object',
                  required: ['message'],
                  properties: {
                    code: { type: 'string' },
                    message: { type: 'string' },
                    cid: { type: 'string' },
                  },
                },
              },
            },
            {
              type: 'object',
              required: ['error'],
              properties: {
                error: { type: 'string' },
                error_description: { type: 'string' },
                cid: { type: 'string' },
              },
            },
          ],
        },
      },
    },
    paths,
  };
}
