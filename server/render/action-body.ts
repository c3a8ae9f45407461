// What a page action may be given (issue #12 item 6): form data, as a browser's form or React
// Router's submissions send it. JSON, text or no content type is a 415, a multipart body that does
// not parse a 400, answered by the gateway instead of a 500 from the action's formData().
// A form of more than FORM_FIELD_LIMIT fields is a 413, counted in the raw bytes before anything
// parses it (issue #24 item 4, docs/decisions/0211): ~180,000 fields in 1 MiB made the action's
// formData() hold tens of MB of entries, and a few at once ran the gateway out of heap.
export type ActionBodyProblem = { status: 400 | 413 | 415; code: string; message: string };

/** The most fields a page action's form may have (qs and body-parser's parameterLimit). */
export const FORM_FIELD_LIMIT = 1000;

const FORM = /^application\/x-www-form-urlencoded\s*(;|$)/i;
const MULTIPART = /^multipart\/form-data\s*;/i;
const BOUNDARY = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i;

const TOO_MANY_FIELDS: ActionBodyProblem = {
  status: 413,
  code: 'too_many_fields',
  message: `Too many form fields (at most ${FORM_FIELD_LIMIT})`,
};

/** Fields of a URL-encoded body (its non-empty `&`-separated pieces), counted up to `stopAt`. */
export function formFieldCount(body: Buffer, stopAt: number): number {
  let count = 0;
  for (let start = 0; start < body.length;) {
    let end = body.indexOf(0x26, start);
    if (end === -1) end = body.length;
    if (end > start && ++count >= stopAt) return count;
    start = end + 1;
  }
  return count;
}

/** Parts of a multipart body (its boundary delimiters less the closing one), up to `stopAt`. */
export function multipartPartCount(body: Buffer, boundary: string, stopAt: number): number {
  const delimiter = Buffer.from(`--${boundary}`);
  let delimiters = 0;
  for (
    let at = body.indexOf(delimiter);
    at !== -1;
    at = body.indexOf(delimiter, at + delimiter.length)
  ) {
    if (++delimiters > stopAt) break;
  }
  return Math.max(0, delimiters - 1);
}

export async function actionBodyProblem(
  method: string,
  contentType: string | undefined,
  body: unknown,
): Promise<ActionBodyProblem | null> {
  if (method === 'GET' || method === 'HEAD') return null;
  const type = contentType ?? '';
  const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
  if (FORM.test(type)) {
    return formFieldCount(bytes, FORM_FIELD_LIMIT + 1) > FORM_FIELD_LIMIT ? TOO_MANY_FIELDS : null;
  }
  if (MULTIPART.test(type)) {
    const boundary = BOUNDARY.exec(type);
    const name = boundary?.[1] ?? boundary?.[2];
    if (name && multipartPartCount(bytes, name, FORM_FIELD_LIMIT + 1) > FORM_FIELD_LIMIT)
      return TOO_MANY_FIELDS;
    try {
      await new Request('http://gateway.invalid/', {
        method: 'POST',
        headers: { 'content-type': type },
        body: bytes,
      } as RequestInit).formData();
      return null;
    } catch {
      return { status: 400, code: 'bad_request', message: 'Malformed multipart form data' };
    }
  }
  return {
    status: 415,
    code: 'unsupported_media_type',
    message:
      'Page actions take form data (application/x-www-form-urlencoded or multipart/form-data)',
  };
}
