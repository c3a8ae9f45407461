import { describe, expect, it } from 'vitest';
import { PageContextPending } from './load-context';

describe('PageContextPending', () => {
  it('is an Error by name and message, without a stack trace, and leaves the trace limit as it was', () => {
    const limit = Error.stackTraceLimit;
    const pending = new PageContextPending('the visitor is read before uaa answered');
    expect(pending).toBeInstanceOf(Error);
    expect(pending.name).toBe('PageContextPending');
    expect(pending.message).toBe('the visitor is read before uaa answered');
    expect(pending.stack).toBe('PageContextPending: the visitor is read before uaa answered');
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error('other').stack).toContain('load-context.test.ts');
  });
});
