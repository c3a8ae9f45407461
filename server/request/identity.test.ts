import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isCid } from '../../shared/cid';
import { requestCid, shopOriginOf } from './identity';

const CID = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const request = (url: string, cid?: string) =>
  ({ url, headers: cid ? { 'x-correlation-id': cid } : {} }) as IncomingMessage;

describe('request identity', () => {
  it("keeps a browser call's well-formed CID, and gives pages a fresh one", () => {
    expect(requestCid(request('/api/services/cart/x', CID))).toBe(CID);
    expect(requestCid(request('/auth/sign-in', CID))).toBe(CID);
    expect(requestCid(request('/search/milk.data', CID))).toBe(CID);
    const page = requestCid(request('/search/milk', CID));
    expect(page).not.toBe(CID);
    expect(isCid(page)).toBe(true);
    expect(requestCid(request('/api/services/cart/x', 'not a cid'))).not.toBe('not a cid');
  });

  it('names the shop origin with a lower-case host', () => {
    expect(shopOriginOf({ protocol: 'https', host: 'Harbour.Example:8443' })).toBe(
      'https://harbour.example:8443',
    );
  });

  it("names the shop origin without its scheme's default port, as a browser's Origin does", () => {
    expect(shopOriginOf({ protocol: 'https', host: 'Shop.Example:443' })).toBe(
      'https://shop.example',
    );
    expect(shopOriginOf({ protocol: 'http', host: 'shop.example:80' })).toBe('http://shop.example');
    expect(shopOriginOf({ protocol: 'http', host: 'shop.example:443' })).toBe(
      'http://shop.example:443',
    );
    expect(shopOriginOf({ protocol: 'https', host: 'shop.example:8080' })).toBe(
      'https://shop.example:8080',
    );
  });
});
