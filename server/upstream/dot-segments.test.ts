import { describe, expect, it } from 'vitest';
import { hasDotSegment } from './dot-segments';

describe('hasDotSegment', () => {
  it('finds what WHATWG URL resolves: . and .. segments, raw or percent-encoded, after / or \\', () => {
    for (const id of ['.', '..', '%2e', '%2E', '.%2e', '%2e.', '%2E%2e']) {
      expect(hasDotSegment(`/api/v1/lists/${id}`), id).toBe(true);
      expect(hasDotSegment(`/api/v1/lists/${id}/items`), id).toBe(true);
      expect(hasDotSegment(`/api/v1\\${id}\\items`), id).toBe(true);
      // Resolved by the parser: the URL names another path than the one written.
      const resolved = new URL(`http://platform/api/v1/lists/${id}/items`).pathname;
      expect(resolved).not.toBe(`/api/v1/lists/${id}/items`);
    }
  });

  it('leaves ids with dots in them, and dots in the query', () => {
    for (const path of [
      '/api/v1/lists/list.1',
      '/api/v1/products/a..b',
      '/api/v1/lists/...',
      '/api/v1/lists/.x',
      '/api/v1/lists/%2e%2e%2e',
      '/api/v1/offerings?ids=..',
      '/api/v1/search?q=../..#..',
    ]) {
      expect(hasDotSegment(path), path).toBe(false);
    }
  });
});
