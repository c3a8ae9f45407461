import { z } from 'zod';
import type { PageUrl } from '../../../shared/contracts/context';
import { CmsContext, ContextQuery } from '../../../shared/contracts/context';
import { jsonStringOf } from '../../http/openapi-access';
import { parse } from '../../http/errors';
import type { ServiceApp, ServiceOptions } from '../service';
import { publicTenant, tenantLookup } from './tenants';

// GET /cms-api/context (specification section 7, call 1): the context of one page load. The shop is
// the one of the page url's host; an unknown host still gets a context, carrying a site error
// message, so the shop shows its error page rather than failing, with the status 421 Misdirected
// Request: no shop here, the visitor's (or a misconfigured DNS's) doing (docs/decisions/0126).
// As the specification says, the answer is a JSON string whose content is the context object.
export const DEFAULT_LAYOUT = 'cms-default';

const PageLocation = z.object({
  origin: z.string().max(300).optional(),
  host: z.string().min(1).max(300),
  pathname: z.string().max(4000).default('/'),
});

function parseLocation(raw: string): z.infer<typeof PageUrl> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    json = undefined;
  }
  const location = parse(
    PageLocation,
    json,
    'url (JSON of the page location with host and pathname)',
  );
  return {
    origin: location.origin ?? `http://${location.host}`,
    host: location.host,
    pathname: location.pathname,
  };
}

export async function contextRoute(app: ServiceApp, { db }: ServiceOptions): Promise<void> {
  const tenantOf = tenantLookup(db);
  app.get(
    '/context',
    {
      schema: {
        summary: 'Context of one page load (a JSON string carrying the context)',
        tags: ['cms'],
        querystring: ContextQuery,
        // Any shop's page may ask; a token adds the account (userAccount) when it is of this shop.
        shop: false,
        auth: 'optional',
        answers: {
          200: {
            description: 'The context, as a JSON string (the specification’s wire format)',
            contentType: 'application/json',
            schema: jsonStringOf(CmsContext),
          },
          421: {
            description:
              'No shop for the page url’s host: a context all the same, with page.siteError',
            contentType: 'application/json',
            schema: jsonStringOf(CmsContext),
          },
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const url = parseLocation(query.url);
      const hostname = url.host.replace(/:\d+$/, '');
      const tenant = await tenantOf(hostname);
      const principal = request.principal;
      let userAccount: { id: string; login: string; email: string } | null = null;
      if (tenant && principal?.accountId && principal.tenantId === tenant.id) {
        const { rows } = await db.query<{ id: string; login: string; email: string }>(
          'select id, login, email from accounts where id = $1',
          [principal.accountId],
        );
        userAccount = rows[0] ?? null;
      }
      const context = {
        cid: query.cid,
        tenant: tenant ? publicTenant(tenant) : { id: 'unknown' },
        url,
        page: {
          isLoggedIn: query.isLoggedIn === 'true',
          layout: DEFAULT_LAYOUT,
          siteError: tenant ? null : { message: `No shop is configured for ${hostname}.` },
        },
        userAccount,
      };
      return reply
        .status(tenant ? 200 : 421)
        .header('cache-control', 'private, no-store')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(JSON.stringify(context)));
    },
  );
}
