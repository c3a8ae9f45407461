import { expect } from 'vitest';
import type { TestPlatform } from './platform';

/** The answer's body parsed by `schema`, once its status is the one expected (else the body shows). */
export async function json<T>(
  response: Response,
  status: number,
  schema: { parse(v: unknown): T },
): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return schema.parse(await response.json());
}

/** Deletes what `path` names (204), and finds it gone (404). */
export async function expectDeleted(platform: TestPlatform, path: string, token: string) {
  expect((await platform.call(path, { method: 'DELETE', token })).status).toBe(204);
  expect((await platform.call(path, { token })).status).toBe(404);
}
