import { data } from 'react-router';
import type { PlatformCall, PlatformClient } from '../../shared/load-context';

// Reading the platform's answers in loaders and actions. Service errors have the shape
// { error: { code, message } }, uaa's OAuth-style ones { error, error_description }
// (docs/decisions/0041); either message is written for the shopper and shown as is.
export type PlatformFailure = {
  ok: false;
  status: number;
  message: string;
  /** The service error's code (`order_too_large`), when it gave one. */
  code?: string;
};
export type PlatformAnswer<T> = { ok: true; status: number; body: T } | PlatformFailure;

export function platformMessage(body: unknown, status: number): string {
  const answer = body as { error?: unknown; error_description?: unknown } | null;
  if (answer && typeof answer.error_description === 'string' && answer.error_description)
    return answer.error_description;
  const error = answer?.error as { message?: unknown } | null | undefined;
  if (error && typeof error === 'object' && typeof error.message === 'string' && error.message)
    return error.message;
  return `The shop could not do that just now (${status}). Please try again.`;
}

function platformCode(body: unknown): string | undefined {
  const error = (body as { error?: unknown } | null)?.error;
  const code = typeof error === 'object' && error ? (error as { code?: unknown }).code : error;
  return typeof code === 'string' && code ? code : undefined;
}

/**
 * The platform has nothing at the address a page asked about: 404, or 414 (an id or slug longer
 * than any the platform gives out, which its router refuses before looking). Either way the page
 * the shopper asked for does not exist: the 404 page, not the platform's words about its path.
 */
export const nothingThere = (status: number) => status === 404 || status === 414;

/** One call; a failed answer comes back with its message instead of a body. */
export async function askPlatform<T>(
  platform: PlatformClient,
  call: PlatformCall,
): Promise<PlatformAnswer<T>> {
  const answer = await platform.call<T>(call);
  if (answer.ok) return { ok: true, status: answer.status, body: answer.body };
  return {
    ok: false,
    status: answer.status,
    message: platformMessage(answer.body, answer.status),
    code: platformCode(answer.body),
  };
}

/**
 * Data a screen cannot render without: nothing there (404, 414) becomes the 404 page; any other failure is thrown
 * as a response with the platform's message, which the route's error screen shows with the CID.
 */
export async function requirePlatform<T>(platform: PlatformClient, call: PlatformCall): Promise<T> {
  const answer = await askPlatform<T>(platform, call);
  if (answer.ok) return answer.body;
  throw screenError(answer);
}

/** What requirePlatform throws for a failed answer: the 404 page, or the route's error screen. */
export function screenError(failure: PlatformFailure) {
  if (nothingThere(failure.status)) return data(null, { status: 404 });
  return data(
    { message: failure.message },
    { status: failure.status >= 500 ? 502 : failure.status },
  );
}

/** A form's submission: a 5xx is the route's error screen, a 4xx comes back for the form. */
export async function submitToPlatform<T>(
  platform: PlatformClient,
  call: PlatformCall,
): Promise<PlatformAnswer<T>> {
  const answer = await askPlatform<T>(platform, { method: 'POST', ...call });
  if (!answer.ok && answer.status >= 500) throw data({ message: answer.message }, { status: 502 });
  return answer;
}

/**
 * Which form field a 400 is about: the platform's messages read "Invalid registration: email: must
 * be ...". The message, as is, goes beside that field; anything else is for the whole form.
 */
export function fieldOfPlatformMessage(message: string, fields: readonly string[]): string | null {
  // A nested field is named by its last segment (address.postcode → postcode), as forms name it.
  const field = /^Invalid [\w ]+: (?:\w+\.)*(\w+): /.exec(message)?.[1];
  return field && fields.includes(field) ? field : null;
}
