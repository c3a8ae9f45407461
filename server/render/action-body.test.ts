import { describe, expect, it } from 'vitest';
import {
  FORM_FIELD_LIMIT,
  actionBodyProblem,
  formFieldCount,
  multipartPartCount,
} from './action-body';

const FORM = 'application/x-www-form-urlencoded';
const form = (fields: number) =>
  Buffer.from(Array.from({ length: fields }, (_, i) => `k${i}=`).join('&'));
const multipart = (parts: number) =>
  Buffer.from(
    Array.from(
      { length: parts },
      (_, i) => `--xB\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`,
    ).join('') + '--xB--\r\n',
  );

describe('formFieldCount', () => {
  it('counts the non-empty &-separated pieces, as a form parser reads them', () => {
    expect(formFieldCount(Buffer.from(''), 10)).toBe(0);
    expect(formFieldCount(Buffer.from('a=1'), 10)).toBe(1);
    expect(formFieldCount(Buffer.from('&&a=1&&b&=&'), 10)).toBe(3);
    expect([...new URLSearchParams('&&a=1&&b&=&')]).toHaveLength(3);
  });

  it('stops counting at stopAt', () => {
    expect(formFieldCount(Buffer.from('a&'.repeat(180_000)), 1001)).toBe(1001);
  });
});

describe('multipartPartCount', () => {
  it('counts the parts between the delimiters', () => {
    expect(multipartPartCount(multipart(0), 'xB', 10)).toBe(0);
    expect(multipartPartCount(multipart(3), 'xB', 10)).toBe(3);
    expect(multipartPartCount(multipart(50), 'xB', 10)).toBe(10);
  });
});

describe(`page action bodies of more than ${FORM_FIELD_LIMIT} fields`, () => {
  const tooMany = {
    status: 413,
    code: 'too_many_fields',
    message: `Too many form fields (at most ${FORM_FIELD_LIMIT})`,
  };

  it('an URL-encoded form: 413 past the limit, taken up to it', async () => {
    expect(await actionBodyProblem('POST', FORM, form(FORM_FIELD_LIMIT))).toBeNull();
    expect(await actionBodyProblem('POST', FORM, form(FORM_FIELD_LIMIT + 1))).toEqual(tooMany);
    const bomb = Buffer.from(Array(180_000).fill('a=1').join('&'));
    expect(await actionBodyProblem('PUT', `${FORM}; charset=utf-8`, bomb)).toEqual(tooMany);
  });

  it('a multipart form: 413 past the limit, before it is parsed; taken up to it', async () => {
    const type = 'multipart/form-data; boundary=xB';
    expect(await actionBodyProblem('POST', type, multipart(FORM_FIELD_LIMIT))).toBeNull();
    expect(await actionBodyProblem('POST', type, multipart(FORM_FIELD_LIMIT + 1))).toEqual(tooMany);
    const quoted = 'multipart/form-data; boundary="xB"';
    expect(await actionBodyProblem('POST', quoted, multipart(20_000))).toEqual(tooMany);
  });

  it('reads no body of a GET or HEAD, and keeps the other answers', async () => {
    expect(await actionBodyProblem('GET', FORM, form(5000))).toBeNull();
    expect(await actionBodyProblem('POST', 'application/json', Buffer.from('{}'))).toMatchObject({
      status: 415,
    });
    expect(
      await actionBodyProblem('POST', 'multipart/form-data; boundary=xB', Buffer.from('--xB\r\nx')),
    ).toMatchObject({ status: 400, code: 'bad_request' });
  });
});
