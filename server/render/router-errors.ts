import { GatewayError } from '../../shared/contracts/errors';
import { codeOfStatus } from '../errors/status';

// React Router answers some errors itself, outside any route's ErrorBoundary: a method a resource
// route (robots.txt, sitemap.xml) has no action for is a 405 with the JSON body
// `{"message":"Unexpected Server Error"}`, and so is an error thrown by a resource route (500).
// The gateway answers those in its own error shape instead (issue #12 item 6, docs/decisions/0125),
// so every error a client sees has one shape. Pages (HTML), data requests (turbo-stream) and JSON
// errors already in the shape (the cart form's) keep the router's answer.
export type RouterError = { status: number; code: string; message: string };

export async function routerErrorOf(
  response: Response,
  method: string,
  path: string,
): Promise<RouterError | null> {
  if (response.status < 400) return null;
  if (!(response.headers.get('content-type') ?? '').startsWith('application/json')) return null;
  try {
    if (GatewayError.safeParse(JSON.parse(await response.clone().text())).success) return null;
  } catch {
    // not JSON after all: answered in the shape below
  }
  const status = response.status;
  const message =
    status === 405
      ? `${method} is not allowed for ${path.split('?')[0]!.slice(0, 200)}`
      : status >= 500
        ? 'Something went wrong on our side'
        : 'The request cannot be answered';
  return { status, code: codeOfStatus(status), message };
}
