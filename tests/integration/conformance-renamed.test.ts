import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { renamedFields } from '../../scripts/conformance/renamed';
import { readContract, type Contract } from '../../scripts/conformance/validate';

// Which answers the conformance kit warns about as holding a renamed optional field (ADR 0351),
// against the published contract's own schemas; conformance-mutations.test.ts shows the warning
// on a running upstream.
let contract: Contract;
beforeAll(async () => {
  const document = new URL('../../docs/api/upstream.openapi.json', import.meta.url);
  contract = readContract(JSON.parse(await readFile(document, 'utf8')));
});
const warnings = (operationId: string, body: unknown) =>
  renamedFields(contract.operations.get(operationId)!, 200, JSON.stringify(body));

describe('renamed optional fields', () => {
  it('names the field the contract knows and the one in its place', () => {
    expect(warnings('uaaGetAccount', { id: 1, mail: 'a@b.example' })).toEqual([
      expect.stringMatching(
        /^\(body\) has mail, .* and no email, read by the gateway: email renamed\?/,
      ),
    ]);
    for (const other of ['e_mail', 'EMail', 'emailAddress', 'userEmail', 'emial'])
      expect(warnings('uaaGetAccount', { id: 1, [other]: 'a@b.example' }), other).toHaveLength(1);
  });

  it('says nothing of an absent field with no look-alike, or one whose value it would not take', () => {
    expect(warnings('uaaGetAccount', { id: 1, login: 'a', email: 'a@b.example' })).toEqual([]);
    // A guest has no id; its tenantId is not one.
    expect(warnings('uaaGetAccount', { login: 'a', tenantId: 'fresh' })).toEqual([]);
    expect(warnings('uaaGetAccount', { id: 1, emails: ['a@b.example'] })).toEqual([]);
    expect(warnings('uaaGetAccount', { id: 1, mail: null, email: 'a@b.example' })).toEqual([]);
  });

  it('reads a union by the branch the value is, and a list once for all its items', () => {
    const promo = { type: 'promo', title: 'T', text: 'x', promoLink: { label: 'L', href: '/' } };
    const hero = { type: 'hero', title: 'T', text: 'x', cta: { label: 'L', href: '/' } };
    // A hero has no link in the contract: its extra `link` is no promo's renamed one.
    expect(warnings('cmsGetHome', { blocks: [{ ...hero, link: promo.promoLink }] })).toEqual([]);
    expect(warnings('cmsGetHome', { blocks: [hero, promo, promo] })).toEqual([
      expect.stringMatching(/^\/blocks\/1 has promoLink, .* and no link, /),
    ]);
  });

  it('looks inside the page context’s JSON string', () => {
    const context = { cid: 'c', tenant: { id: 'fresh', delivery_countries: ['IE'] } };
    expect(
      renamedFields(
        contract.operations.get('cmsGetContext')!,
        200,
        JSON.stringify(JSON.stringify(context)),
      ),
    ).toEqual([
      expect.stringMatching(
        /^\(in the string\) \/tenant has delivery_countries, .* no deliveryCountries,/,
      ),
    ]);
  });
});
