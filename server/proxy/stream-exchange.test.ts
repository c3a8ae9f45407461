import { describe, expect, it } from 'vitest';
import { refusedLikeReplyFrom } from './stream-exchange';

// The fast path of reads refuses what reply-from refuses on the other path (same 400 either way).
describe('refusedLikeReplyFrom', () => {
  it.each(['/api/services/catalogue/...slug', '/a/..b', '/a/b..//c', '/a?next=../x', '/a/%zz'])(
    'refuses %s',
    (path) => expect(refusedLikeReplyFrom(path)).toBe(true),
  );
  it.each(['/api/services/catalogue/a..b', '/a/b.c/v1.2', '/a/caf%C3%A9?q=x%20y'])(
    'accepts %s',
    (path) => expect(refusedLikeReplyFrom(path)).toBe(false),
  );
});
