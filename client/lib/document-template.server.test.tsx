import { describe, expect, it } from 'vitest';
import { GUEST } from '../../shared/contracts/personal';
import { fillTemplate, renderTemplate } from './document-template.server';

// The slot first in <body> (ADR 0296, amended; 0335): what a response puts there (the consent
// banner) is written with the rest of the fill, where splicing it into the filled document put it,
// after the <body> tag's visitor and before the page's first element.
const ids = {
  nonce: 'n0nce0000000000000000000000000000',
  cid: 'C1d000000000000000000000000000000',
};
const page = {
  rootData: null,
  location: { pathname: '/', search: '', hash: '', state: null, key: 'k' },
};

function template() {
  const made = renderTemplate(
    <html>
      <head>
        <script nonce={ids.nonce} />
      </head>
      <body>
        <p>Käse {ids.cid}</p>
      </body>
    </html>,
    ids,
    page,
  );
  if (!made) throw new Error('no template');
  return made;
}

describe('a template filled with a lead', () => {
  it('has the lead first in <body>, as the document without it spliced there', () => {
    const kept = template();
    const other = {
      nonce: 'n0nce1111111111111111111111111111',
      cid: 'C1d111111111111111111111111111111',
    };
    const plain = fillTemplate(kept, GUEST, other).toString('utf8');
    const lead = '<section class="consent-banner">Wählen</section>';
    const filled = fillTemplate(kept, GUEST, { ...other, lead }).toString('utf8');
    const at = plain.indexOf('><p>Käse') + 1;
    expect(at).toBeGreaterThan(0);
    expect(plain.slice(0, at)).toMatch(/<body data-visitor="[^"]*">$/);
    expect(filled).toBe(`${plain.slice(0, at)}${lead}${plain.slice(at)}`);
    expect(filled).toContain(other.nonce);
    expect(filled).toContain(other.cid);
    expect(filled.match(/consent-banner/g)).toHaveLength(1);
  });

  it('is the document itself with no lead or an empty one', () => {
    const kept = template();
    const plain = fillTemplate(kept, GUEST, ids);
    expect(fillTemplate(kept, GUEST, { ...ids, lead: '' }).equals(plain)).toBe(true);
    expect(plain.toString('utf8')).toMatch(/<p>Käse (<!-- -->)?C1d0+<\/p><\/body><\/html>$/);
  });
});
