import { describe, expect, it } from 'vitest';
import { statementNames } from './statement-names';

describe('statementNames', () => {
  it('names each text once and the same text the same', () => {
    const names = statementNames();
    const a = names.nameOf('select 1');
    expect(a).toMatch(/^platform_\d+$/);
    expect(names.nameOf('select 2')).not.toBe(a);
    expect(names.nameOf('select 1')).toBe(a);
  });

  it('leaves a very long text unnamed (a seed bulk insert)', () => {
    expect(statementNames().nameOf(`select ${'1,'.repeat(5000)}1`)).toBeNull();
  });

  it('leaves a VACUUM unnamed: nothing to plan, and one text a table', () => {
    const names = statementNames();
    expect(names.nameOf('vacuum cart_items')).toBeNull();
    expect(names.nameOf('vacuum (freeze) pg_catalog.pg_class')).toBeNull();
    expect(names.nameOf('select 1')).toBe('platform_1');
  });

  it('stops naming when the set is full, and keeps the names it gave', () => {
    const names = statementNames();
    const first = names.nameOf('select 0');
    for (let i = 1; i < 1000; i += 1) expect(names.nameOf(`select ${i}`)).not.toBeNull();
    expect(names.nameOf('select 1000')).toBeNull();
    expect(names.nameOf('select 0')).toBe(first);
  });

  it('names nothing when prepared statements are off', () => {
    expect(statementNames(false).nameOf('select 1')).toBeNull();
  });
});
