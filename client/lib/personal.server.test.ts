import { describe, expect, it } from 'vitest';
import { visitorAttribute, withVisitor } from './personal.server';

// The visitor on a document's <body> (ADR 0203): escaped as React escapes an attribute, added to
// a rendered string or to the chunk of a streamed document that holds `<body`.
const visitor = {
  hasSession: true,
  account: { id: 'a1', login: null, email: "o'neil&co@example.com" },
  cart: null,
};

describe('the visitor on the body', () => {
  it('escapes the JSON for an attribute, as React does', () => {
    const value = visitorAttribute(visitor);
    expect(value).not.toMatch(/["'<>]|&(?!quot;|amp;|#x27;)/);
    const decoded = value
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&');
    expect(JSON.parse(decoded)).toEqual(visitor);
  });

  it('adds the attribute to the first <body> of a rendered document', () => {
    expect(withVisitor('<html><head></head><body><p>x</p></body></html>', 'V')).toBe(
      '<html><head></head><body data-visitor="V"><p>x</p></body></html>',
    );
  });
});
