import { vi } from 'vitest';
import { buildPlatform } from '../../platform/app';
import type { TestPlatform } from './platform';

/**
 * The platform's sweep of its tables, now rather than within the minute (docs/decisions/0359,
 * 0363): another platform on the same database, whose start sweeps them, kept until `swept`
 * passes.
 */
export async function sweepUntil(
  platform: TestPlatform,
  swept: () => Promise<void>,
): Promise<void> {
  const again = await buildPlatform(platform.db, platform.config);
  try {
    await again.ready();
    await vi.waitFor(swept, { timeout: 10_000, interval: 50 });
  } finally {
    await again.close();
  }
}
