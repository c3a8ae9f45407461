import { describe, expect, it } from 'vitest';
import { isChunkLoadError, mayReload } from './reload-guard';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

describe('reload guard', () => {
  it('allows one reload per path within 10 seconds', () => {
    const storage = memoryStorage();
    expect(mayReload('/search', storage, 1_000)).toBe(true);
    expect(mayReload('/search', storage, 5_000)).toBe(false);
    expect(mayReload('/orders', storage, 5_000)).toBe(true);
    expect(mayReload('/search', storage, 11_001)).toBe(true);
  });

  it('refuses, without throwing, where the tab has no usable sessionStorage', () => {
    const failing = (name: string) => () => {
      throw new DOMException('storage refused', name);
    };
    // Private mode or a full quota: a reload it cannot record could repeat forever.
    const full = { getItem: () => null, setItem: failing('QuotaExceededError') };
    expect(mayReload('/search', full, 1_000)).toBe(false);
    const blocked = { getItem: failing('SecurityError'), setItem: failing('SecurityError') };
    expect(mayReload('/search', blocked, 1_000)).toBe(false);
    // Storage disabled (Firefox dom.storage.enabled=false): window.sessionStorage is null.
    expect(mayReload('/search', null, 1_000)).toBe(false);
    // The tab's own storage, read inside the guard: here (no window) reading it throws.
    expect(mayReload('/search')).toBe(false);
  });

  it('recognises chunk load failures of the browsers', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true);
    expect(
      isChunkLoadError(new TypeError('error loading dynamically imported module: /assets/x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
