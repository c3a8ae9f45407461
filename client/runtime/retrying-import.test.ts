import { describe, expect, it } from 'vitest';
import { retryingImport } from './retrying-import';

describe('retrying import', () => {
  it('loads once and keeps the module, sharing a load under way', async () => {
    let calls = 0;
    const load = retryingImport(async () => ({ n: ++calls }));
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toEqual({ n: 1 });
    expect(b).toBe(a);
    expect(await load()).toBe(a);
    expect(calls).toBe(1);
  });

  it('answers null after a failure and tries again once the pause is over', async () => {
    let clock = 1_000;
    let calls = 0;
    const load = retryingImport(
      async () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return 'sdk';
      },
      () => clock,
      5_000,
    );
    expect(await load()).toBeNull();
    clock += 4_999;
    expect(await load()).toBeNull();
    expect(calls).toBe(1);
    clock += 1;
    expect(await load()).toBe('sdk');
    expect(await load()).toBe('sdk');
    expect(calls).toBe(2);
  });
});
