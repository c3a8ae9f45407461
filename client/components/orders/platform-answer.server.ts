import { data } from 'react-router';
import type { PlatformCall, PlatformClient } from '../../../shared/load-context';

// Reading the platform's answers in loaders and actions. Service errors have the shape
// { error: { code, message } }; their message is written for the shopper and shown as is.
export type PlatformFailure = { ok: false; status: number; message: string };
export type PlatformAnswer<T> = { ok: true; status: number; body: T } | PlatformFailure;

export function platformMessage(body: unknown, status: number): string {
  const error = (body as { error?: { message?: unknown } } | null)?.error;
  if (error && typeof error.message === 'string' && error.message) return error.message;
  return `The shop could not do that just now (${status}). Please try again.`;
}

/** One call; a failed answer comes back with its message instead of a body. */
export async function askPlatform<T>(
  platform: PlatformClient,
  call: PlatformCall,
): Promise<PlatformAnswer<T>> {
  const answer = await platform.call<T>(call);
  if (answer.ok) return { ok: true, status: answer.status, body: answer.body };
  return { ok: false, status: answer.status, message: platformMessage(answer.body, answer.status) };
}

/**
 * Data a screen cannot render without: a 404 becomes the 404 page; any other failure is thrown
 * as a response with the platform's message, which the route's error screen shows with the CID.
 */
export async function requirePlatform<T>(platform: PlatformClient, call: PlatformCall): Promise<T> {
  const answer = await askPlatform<T>(platform, call);
  if (answer.ok) return answer.body;
  if (answer.status === 404) throw data(null, { status: 404 });
  throw data({ message: answer.message }, { status: answer.status >= 500 ? 502 : answer.status });
}
