// The rows bench/inbox-growth.ts fills the platform's development inboxes with, shaped as the real
// ones: an error event as the gateway sends it (a failed upstream call, 2.4 KB of JSON), a
// browser's exception with its stack, and a search page's analytics events.

const breadcrumb = (message: string, status: number) => ({
  data: { status },
  level: status >= 500 ? 'error' : 'info',
  message,
  category: 'upstream',
  timestamp: 1796475692.668,
});
/** The gateway's report of a failed context call, as the error inbox stored it (2.4 KB). */
export const gatewayEvent = {
  sdk: {
    name: 'sentry.javascript.node',
    version: '11.12.0',
    packages: [{ name: 'npm:@sentry/node', version: '11.12.0' }],
    integrations: ['EventFilters', 'FunctionToString', 'LinkedErrors', 'Dedupe', 'Context'],
  },
  tags: { cid: 'x', shop: 'localhost', build: 'b2963c3d', fault: 'upstream_5xx', route: 'home' },
  user: { id: 'acc-fresh-demo', email: 'shopper@example.com', username: 'shopper@example.com' },
  extra: { url: `http://platform:4000/cms-api/context?cid=x&url=${'%7B'.repeat(60)}`, status: 503 },
  level: 'error',
  message: `[503] Service Unavailable (http://platform:4000/cms-api/context?${'q'.repeat(180)})`,
  release: 'b2963c3d',
  contexts: {
    os: { name: 'Debian', version: '12.11', kernel_version: '6.18.44' },
    app: { app_memory: 775180288, free_memory: 21596327936, app_start_time: '2026-12-05' },
    trace: { trace_id: '7c416e4e16bf2a281822888bc326ad00' },
    device: { arch: 'x64', boot_time: '2026-12-04', memory_size: 25276194816, processor_count: 2 },
    culture: { locale: 'en-US', timezone: 'UTC' },
    runtime: { name: 'node', version: 'v24.21.0' },
  },
  event_id: '0'.repeat(32),
  platform: 'node',
  timestamp: 1796475692.77,
  breadcrumbs: [
    breadcrumb('GET cms /cms-api/context', 503),
    breadcrumb('GET uaa /api/services/uaa/api/v1/account', 200),
    breadcrumb('GET cms /cms-api/home', 200),
  ],
  environment: 'test',
  fingerprint: ['http-failure', 'upstream_5xx', 'cms', '503', '/cms-api/context'],
};
/** A browser's uncaught exception: a stack of 20 frames in the app's chunks. */
export const browserEvent = {
  ...gatewayEvent,
  platform: 'javascript',
  message: undefined,
  exception: {
    values: [
      {
        type: 'TypeError',
        value: "Cannot read properties of undefined (reading 'offering')",
        stacktrace: {
          frames: Array.from({ length: 20 }, (_, i) => ({
            filename: `http://localhost:3000/assets/chunk-${i}-Bx9fA2kQ.js`,
            function: `renderWithHooks${i}`,
            lineno: 1,
            colno: 10_000 + i,
            in_app: true,
          })),
        },
      },
    ],
  },
};
const product = (i: number) => ({
  item_id: `off-${i}`,
  item_name: `Organic whole milk 1 l, pack ${i}`,
  item_brand: 'Green Valley',
  item_category: 'Dairy',
  price: 1.29,
  index: i,
});
/** One search page's events, in the order the browser sends them. */
export const searchPage = [
  {
    name: 'page_view',
    params: {
      page_location: 'http://localhost:3000/search/milk',
      page_title: 'Search: milk | Fresh',
    },
  },
  { name: 'search', params: { search_term: 'milk' } },
  {
    name: 'view_item_list',
    params: {
      item_list_id: 'search_results',
      item_list_name: 'Search: milk',
      items: Array.from({ length: 24 }, (_, i) => product(i)),
    },
  },
];
