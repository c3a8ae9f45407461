import type { AppLoadContext } from 'react-router';
import { data } from 'react-router';
import type { PlatformCall } from '../../../shared/load-context';

// Calls to uaa's account life cycle (register, activate, reset) from route actions. uaa answers
// errors OAuth-style, { error, error_description } (docs/decisions/0041), unlike the other
// services' { error: { code, message } }; both are read so the shopper sees the platform's words.
export type UaaAnswer<T> =
  { ok: true; status: number; body: T } | { ok: false; status: number; message: string };

export function uaaMessage(body: unknown, status: number): string {
  const answer = body as { error?: unknown; error_description?: unknown } | null;
  if (answer && typeof answer.error_description === 'string' && answer.error_description)
    return answer.error_description;
  const nested = answer?.error as { message?: unknown } | undefined;
  if (nested && typeof nested === 'object' && typeof nested.message === 'string' && nested.message)
    return nested.message;
  return `The shop could not do that just now (${status}). Please try again.`;
}

/** One call; a 5xx (uaa down or broken) is the route's error screen, anything else comes back as a value. */
export async function askUaa<T>(
  context: AppLoadContext,
  call: PlatformCall,
): Promise<UaaAnswer<T>> {
  const answer = await context.platform.call<T>({ method: 'POST', ...call });
  if (answer.ok) return { ok: true, status: answer.status, body: answer.body };
  if (answer.status >= 500)
    throw data({ message: uaaMessage(answer.body, answer.status) }, { status: 502 });
  return { ok: false, status: answer.status, message: uaaMessage(answer.body, answer.status) };
}

/**
 * Which form field a uaa 400 is about: its messages read "Invalid registration: email: must be ...".
 * The message, as is, goes beside that field; anything else is a message for the whole form.
 */
export function fieldOfUaaMessage(message: string, fields: readonly string[]): string | null {
  const field = /^Invalid [\w ]+: (\w+): /.exec(message)?.[1];
  return field && fields.includes(field) ? field : null;
}
