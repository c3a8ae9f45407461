// What a page action may be given (issue #12 item 6): form data, as a browser's form or React
// Router's submissions send it. JSON, text or no content type is a 415, a multipart body that does
// not parse a 400, answered by the gateway instead of a 500 from the action's formData().
export type ActionBodyProblem = { status: 400 | 415; code: string; message: string };

const FORM = /^application\/x-www-form-urlencoded\s*(;|$)/i;
const MULTIPART = /^multipart\/form-data\s*;/i;

export async function actionBodyProblem(
  method: string,
  contentType: string | undefined,
  body: unknown,
): Promise<ActionBodyProblem | null> {
  if (method === 'GET' || method === 'HEAD') return null;
  const type = contentType ?? '';
  if (FORM.test(type)) return null;
  if (MULTIPART.test(type)) {
    try {
      const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      await new Request('http://gateway.invalid/', {
        method: 'POST',
        headers: { 'content-type': type },
        body: bytes,
      } as RequestInit).formData();
      return null;
    } catch {
      return { status: 400, code: 'invalid_request', message: 'Malformed multipart form data' };
    }
  }
  return {
    status: 415,
    code: 'unsupported_media_type',
    message:
      'Page actions take form data (application/x-www-form-urlencoded or multipart/form-data)',
  };
}
