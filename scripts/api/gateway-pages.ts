import { readFile } from 'node:fs/promises';
import routeConfig from '../../client/routes';
import { routeTable } from '../../shared/routes';
import { jsonSchema, type JsonSchema } from './json-schema';
import { PAGE_FORMS } from './page-forms';
import { RESOURCE_ANSWERS } from './resource-answers';

// The pages of the gateway's document: a GET per screen of the route table and per page route
// beside it (client/routes.ts), and a POST for each whose route module has an action, with the form
// its action reads (./page-forms.ts; docs/decisions/0232).
type Page = { id: string; path: string; file: string; auth: boolean };

/** `/products/{slug+}` → `/products/{slug}`. */
const openApiPath = (path: string) => path.replace(/\{(\w+)\+\}/g, '{$1}');

/** The screens of the route table, then the page routes outside it (/cart, /checkout/guest). */
function pages(): Page[] {
  const table: Page[] = routeTable.map((r) => ({
    id: r.id,
    path: r.path,
    file: `routes/${r.id}.tsx`,
    auth: r.middleware.length > 0,
  }));
  const tableFiles = new Set(table.map((page) => page.file));
  // Crawlers' files (robots.txt, sitemap.xml) and the 404 catch-all are no page of the document.
  const others = routeConfig
    .filter((r) => r.path && !tableFiles.has(r.file) && /^[\w/-]+$/.test(r.path))
    .map((r) => ({
      id: r.path!.replace(/\//g, '-'),
      path: `/${r.path}`,
      file: r.file,
      auth: false,
    }));
  return [...table, ...others];
}

const moduleText = (page: Page) =>
  readFile(new URL(`../../client/${page.file}`, import.meta.url), 'utf8');

async function hasAction(page: Page): Promise<boolean> {
  return /export (async function|const|function) action\b/.test(await moduleText(page));
}

/**
 * A route module that renders no screen (a resource route): its GET answers JSON. A screen is a
 * default export, declared or (a page island, ADR 0302) `export { Page as default }`.
 */
async function rendersNothing(page: Page): Promise<boolean> {
  return !/export default\b|export \{[^}]*\bas default\b/.test(await moduleText(page));
}

/** The GET of a resource route, from its entry in ./resource-answers.ts. */
function resourceGet(page: Page, operationId: string): JsonSchema {
  const answer = RESOURCE_ANSWERS[page.id];
  if (!answer)
    throw new Error(`${page.file} renders no screen and has no answer in resource-answers.ts`);
  return {
    operationId,
    summary: `GET ${page.path}`,
    description: answer.description,
    tags: ['pages'],
    security: [],
    responses: {
      200: {
        description: 'The answer',
        content: { 'application/json': { schema: jsonSchema(answer.schema, 'output') } },
      },
      ...(answer.rateLimited ? { 429: errorRef('rate_limited (Retry-After)') } : {}),
      414: errorRef('uri_too_long'),
    },
  };
}

const html = (description: string) => ({
  description,
  content: { 'text/html': { schema: { type: 'string' } } },
});
const redirectTo = (description: string) => ({
  description,
  headers: { Location: { description: 'The next page', schema: { type: 'string' } } },
});
const errorRef = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

export async function pageOperations(): Promise<Record<string, Record<string, JsonSchema>>> {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const described = new Set<string>();
  for (const page of pages()) {
    const path = openApiPath(page.path);
    const parameters = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const operationId = `page-${page.id}`.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
    const operations: Record<string, JsonSchema> = {
      get: (await rendersNothing(page))
        ? resourceGet(page, operationId)
        : {
            operationId,
            summary: `The ${page.id} screen`,
            tags: ['pages'],
            security: [],
            ...(parameters.length ? { parameters } : {}),
            responses: {
              200: html('The page (append `.data` for React Router’s data request)'),
              ...(page.auth
                ? { 302: { description: 'Not signed in: to the sign-in screen' } }
                : {}),
              404: html('The 404 page'),
              414: errorRef('uri_too_long'),
            },
          },
    };
    if (await hasAction(page)) {
      const form = PAGE_FORMS[page.id];
      if (!form)
        throw new Error(`${page.file} has an action but no form in scripts/api/page-forms.ts`);
      described.add(page.id);
      const schema = jsonSchema(form, 'input');
      operations.post = {
        operationId: `action-${page.id}`.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()),
        summary: `The ${page.id} screen’s form action`,
        description:
          'A form post from the shop’s own page: its Origin, when sent, is the shop’s; without one, Sec-Fetch-Site, when sent, is same-origin or none (a client that is no browser sends neither, or the shop’s Origin); no X-CSRF header needed. Fields are strings; `intent` says which form. At most 1,000 fields (413 too_many_fields) and the body limit. Done, it answers a redirect to the next page: a client follows its Location with a GET.',
        tags: ['pages'],
        security: [],
        parameters: [...parameters, { $ref: '#/components/parameters/Origin' }],
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': { schema },
            'multipart/form-data': { schema },
          },
        },
        responses: {
          200: html('The page with the form’s result (its field errors)'),
          // React Router's redirect() is a 302; the sign-in forms' (and the provider's) a 303.
          302: redirectTo('Done: to the next page; or, signed out, to the sign-in screen'),
          303: redirectTo('Done, from a sign-in form (/social-login, /profile’s sign-in methods)'),
          400: {
            description:
              'The page with the form’s field errors; or bad_request (JSON) for a body that is no form (malformed multipart; invalid_request before 2.0.0)',
            content: {
              'text/html': { schema: { type: 'string' } },
              'application/json': { schema: { $ref: '#/components/schemas/Error' } },
            },
          },
          403: errorRef('csrf: not from the shop’s own page'),
          409: html('The page with the conflict (an order no longer editable)'),
          413: errorRef('too_many_fields, or payload_too_large'),
          415: errorRef(
            'unsupported_media_type: the body is not application/x-www-form-urlencoded or multipart/form-data',
          ),
        },
      };
    }
    paths[path] = operations;
  }
  const unused = Object.keys(RESOURCE_ANSWERS).filter((id) => !pages().some((p) => p.id === id));
  if (unused.length)
    throw new Error(`Answers of no resource route in resource-answers.ts: ${unused.join(', ')}`);
  const stale = Object.keys(PAGE_FORMS).filter((id) => !described.has(id));
  if (stale.length)
    throw new Error(`Forms of no page action in page-forms.ts: ${stale.join(', ')}`);
  return paths;
}
