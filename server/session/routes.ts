import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { SignInBody } from '../api/schemas';
import { invalidInput } from '../errors/invalid-input';
import type { Config } from '../config';
import type { UaaClient, UaaFailure } from '../uaa/client';
import { resolveAccount } from './account';
import { readTokenCookies, setTokenCookies } from './cookies';
import { jsonError } from '../errors/json-error';
import { codeOfStatus } from '../errors/status';
import type { Refresher } from './refresh';
import { passwordSignIn, signOut } from './sign-in';

// The gateway's session endpoints (BFF): the browser signs in, out, or starts a guest session here;
// tokens go only into httpOnly cookies, never into a response body (docs/decisions/0024).
type Deps = {
  uaa: UaaClient;
  refresher: Refresher;
  config: Config;
  /**
   * The tenant id of a shop origin, '' when its context cannot be read, and whether the CMS said
   * within the last minute that it is no shop (page/tenant-lookup.ts).
   */
  tenantOf: { (shopOrigin: string): Promise<string>; noShop(shopOrigin: string): boolean };
};

// A body of a type the scope does not parse: Fastify's own message names no type (ADR 0376).
const JSON_ONLY = 'Send the body as JSON (Content-Type: application/json)';

export async function sessionRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { uaa, config } = deps;
  const ctx = (request: FastifyRequest) => ({ cid: request.cid, shopOrigin: request.shopOrigin });

  // Session answers are personal: never stored by any cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  app.setErrorHandler((error: FastifyError, request, reply) =>
    app.answerError(
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? Object.assign(new Error(JSON_ONLY), { statusCode: 415 })
        : error,
      request,
      reply,
    ),
  );

  // Route schemas are zod (docs/decisions/0191): the body is validated and typed by its schema; a
  // refusal is the error plugin's 400 bad_request, its message naming the fields.
  app.setValidatorCompiler(validatorCompiler);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/auth/sign-in',
    {
      schema: { body: SignInBody },
      schemaErrorFormatter: invalidInput('sign-in request'),
    },
    async (request, reply) => {
      const outcome = await passwordSignIn(request, reply, deps, request.body);
      if (outcome.kind === 'error')
        return jsonError(reply, outcome.status, outcome.code, outcome.message);
      return { account: outcome.account };
    },
  );

  app.post('/auth/sign-out', async (request, reply) => {
    await signOut(request, reply, deps);
    return reply.code(204).send();
  });

  app.post('/auth/guest', async (request, reply) => {
    // A visitor who can still renew a session keeps it (guest or signed in): nothing to do.
    if (readTokenCookies(request).refreshToken) return { guest: false };
    const result = await uaa.guest(ctx(request));
    if (result.kind !== 'ok') return upstreamFailure(request, reply, 'guest session', result);
    setTokenCookies(reply, result.pair, config);
    return { guest: true };
  });

  // The tenant id beside the account: a client that is no page of the shop reads it nowhere else,
  // and the cart's paths name it (ADR 0376).
  // A Host that names no shop is a 421, as its pages, the analytics and the report tunnel answer
  // it, and once known as such it costs no call for a minute (ADR 0379).
  app.get('/auth/session', async (request, reply) => {
    const noShop = () => deps.tenantOf.noShop(request.shopOrigin);
    if (noShop()) return misdirected(reply);
    const [{ account }, tenantId] = await Promise.all([
      resolveAccount(request, reply, deps),
      shopTenant(request, deps.tenantOf),
    ]);
    if (tenantId === null && noShop()) return misdirected(reply);
    return { account, tenantId };
  });
}

const misdirected = (reply: FastifyReply) =>
  jsonError(reply, 421, 'misdirected_request', 'No shop is configured for this address');

/** The request's shop's tenant id: known from an earlier request of that shop, else looked up. */
async function shopTenant(
  request: FastifyRequest,
  tenantOf: Deps['tenantOf'],
): Promise<string | null> {
  const scope = request.scope;
  if (scope?.tenant) return scope.tenant;
  const tenant = await tenantOf(request.shopOrigin);
  // Learned when the request ends (observability/request-scope.ts): asked once per shop.
  if (scope && tenant) scope.tenant = tenant;
  return tenant || null;
}

function upstreamFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  what: string,
  failure: UaaFailure | { kind: 'invalid_grant' },
) {
  const status = failure.kind === 'failed' ? failure.status : 400;
  const timedOut = failure.kind === 'failed' && failure.reason === 'timeout';
  request.log.warn(
    { upstreamStatus: status, reason: failure.kind === 'failed' ? failure.reason : failure.kind },
    `${what}: uaa failed`,
  );
  // uaa refused the request (421: this host is no shop): the request's fault, a 4xx.
  if (status !== null && status >= 400 && status < 500)
    return jsonError(
      reply,
      status,
      codeOfStatus(status),
      status === 421
        ? 'No shop is configured for this address'
        : `The account service refused the request (${what})`,
    );
  return timedOut
    ? jsonError(
        reply,
        504,
        'upstream_timeout',
        `The account service did not answer in time (${what})`,
      )
    : jsonError(reply, 502, 'upstream_error', `The account service failed (${what})`);
}
