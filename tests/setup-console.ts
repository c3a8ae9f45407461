import { afterEach, vi } from 'vitest';

// An unexpected console.error or console.warn fails the test (see docs/decisions/0001).
const calls: string[] = [];
for (const level of ['error', 'warn'] as const) {
  vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
    calls.push(`console.${level}: ${args.map(String).join(' ')}`);
  });
}
afterEach(() => {
  if (calls.length > 0) {
    const seen = calls.splice(0);
    throw new Error(`Unexpected console output:\n${seen.join('\n')}`);
  }
});
