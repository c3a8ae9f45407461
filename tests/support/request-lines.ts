import { expect, vi } from 'vitest';

/** The request line of the request `cid` names, once the gateway has written it to `logs`. */
export async function requestLineOf(logs: Record<string, unknown>[], cid: unknown) {
  let line: Record<string, unknown> | undefined;
  await vi.waitFor(() => {
    line = logs.find((l) => l.cid === cid && l.msg === 'request completed');
    expect(line).toBeDefined();
  });
  return line!;
}
