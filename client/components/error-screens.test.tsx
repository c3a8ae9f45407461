import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CidContext } from '../lib/cid-context';
import { NotFoundScreen } from './error-screens';

// The 404 screen said "not found" twice: a heading "Page not found" over the specification's
// message "Page Not Found: /no/such/page". It says the message once, as its heading.
const screen = (path: string) =>
  renderToString(
    <CidContext.Provider value="cid-404">
      <NotFoundScreen path={path} inLayout />
    </CidContext.Provider>,
  );
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('NotFoundScreen', () => {
  it('says the specification’s message once, as its heading', () => {
    const html = screen('/no/such/page');
    expect(html).toContain('<h1 id="error-title">Page Not Found: /no/such/page</h1>');
    expect(text(html).match(/not found/gi)).toHaveLength(1);
  });

  it('keeps the CID and the way back to the shop', () => {
    const words = text(screen('/no/such/page'));
    expect(words).toContain('CID: cid-404');
    expect(words).toContain('Back to the shop');
  });
});
