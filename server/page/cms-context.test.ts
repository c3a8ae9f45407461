import { describe, expect, it } from 'vitest';
import { parseContextBody } from './cms-context';

// The context answer's body (specification section 7.1): the CMS sends a JSON string whose content
// is the context; the gateway also takes the context as a plain JSON object. Anything else, or a
// context without a cid, is no context (section 5), and the page fails.
const CONTEXT = {
  cid: 'c'.repeat(32),
  tenant: { id: 'fresh', name: 'Fresh Market' },
  url: { origin: 'http://localhost:3000', host: 'localhost:3000', pathname: '/' },
  page: { isLoggedIn: false, siteError: null },
};

describe('parseContextBody', () => {
  it('reads the context sent as a JSON object', () => {
    expect(parseContextBody(JSON.stringify(CONTEXT))).toEqual(CONTEXT);
  });

  it("reads the context sent as a JSON-encoded string (the specification's form)", () => {
    const body = JSON.stringify(JSON.stringify(CONTEXT));
    expect(typeof JSON.parse(body)).toBe('string');
    expect(parseContextBody(body)).toEqual(CONTEXT);
  });

  it('turns a numeric tenant id into a string in either form', () => {
    const numeric = { ...CONTEXT, tenant: { id: 7 } };
    expect(parseContextBody(JSON.stringify(numeric))?.tenant.id).toBe('7');
    expect(parseContextBody(JSON.stringify(JSON.stringify(numeric)))?.tenant.id).toBe('7');
  });

  it('gives no context for a body that is not JSON, or a string that holds no JSON', () => {
    expect(parseContextBody('')).toBeNull();
    expect(parseContextBody('upstream broke')).toBeNull();
    expect(parseContextBody('{"cid":')).toBeNull();
    expect(parseContextBody(JSON.stringify('{"cid":'))).toBeNull();
  });

  it('gives no context for a string that does not hold a context object', () => {
    for (const inner of ['"twice encoded"', '[1,2]', '42', 'null', JSON.stringify(CONTEXT.tenant)])
      expect(parseContextBody(JSON.stringify(inner)), inner).toBeNull();
  });

  it('gives no context without a cid or a tenant id, in either form', () => {
    const { cid: _cid, ...withoutCid } = CONTEXT;
    const withoutTenantId = { ...CONTEXT, tenant: { name: 'Fresh Market' } };
    for (const context of [withoutCid, withoutTenantId, { ...CONTEXT, cid: '' }]) {
      expect(parseContextBody(JSON.stringify(context))).toBeNull();
      expect(parseContextBody(JSON.stringify(JSON.stringify(context)))).toBeNull();
    }
  });
});
