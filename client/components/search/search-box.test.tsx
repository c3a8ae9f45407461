import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SearchBox } from './search-box';

// The search box is a plain <form> written as React Router's <Form> writes it (ADR 0397): the
// same tag on every page's document, so a browser without the island's code still submits a GET
// to /search, and React Router still discovers the route it names (data-discover).
function formTagAt(path: string): string {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <SearchBox /> },
    { path: '/search/:searchQuery', Component: () => <SearchBox /> },
  ]);
  const html = renderToString(<Stub initialEntries={[path]} />);
  return /<form[^>]*>/.exec(html)?.[0] ?? '';
}

describe('the search box', () => {
  // React writes a form's action and method last, whichever element asked for them.
  it("is the GET form <Form method=get action=/search> writes, with the route's discovery", () => {
    expect(formTagAt('/')).toBe(
      '<form role="search" class="search-box" data-discover="true" action="/search" method="get">',
    );
  });

  it('keeps the action on a search page, where the field holds the query', () => {
    const Stub = createRoutesStub([
      { path: '/search/:searchQuery', Component: () => <SearchBox /> },
    ]);
    const html = renderToString(<Stub initialEntries={['/search/milk']} />);
    expect(formTagAt('/search/milk')).toContain('action="/search"');
    expect(html).toContain('value="milk"');
  });
});
