import { describe, expect, it } from 'vitest';
import { noticeOf } from './done-notice';

describe('noticeOf', () => {
  const notices = { saved: 'Saved.', placed: 'Placed.' };

  it('finds the page own notices', () => {
    expect(noticeOf(notices, 'saved')).toBe('Saved.');
    expect(noticeOf(notices, 'placed')).toBe('Placed.');
  });

  it('is nothing for an unknown, missing or inherited key', () => {
    for (const key of ['nope', '', null, 'constructor', 'toString', '__proto__', 'hasOwnProperty'])
      expect(noticeOf(notices, key)).toBeUndefined();
  });
});
