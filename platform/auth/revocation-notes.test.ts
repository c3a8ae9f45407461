import { describe, expect, it } from 'vitest';
import { createRevocationNotes } from './revocation-notes';

// docs/decisions/0288: a session not noted may be taken as open without a read; a noted one is
// read until every access token issued before its revocation has expired.
describe('createRevocationNotes', () => {
  it('says a noted family or account may be revoked, and nothing else', () => {
    const notes = createRevocationNotes();
    notes.keepFor(300_000);
    notes.family('fam-a');
    notes.account('acc-1');
    expect(notes.mayBeRevoked('fam-a', null)).toBe(true);
    expect(notes.mayBeRevoked('fam-b', 'acc-1')).toBe(true);
    expect(notes.mayBeRevoked('fam-b', 'acc-2')).toBe(false);
    expect(notes.mayBeRevoked('fam-b', null)).toBe(false);
  });

  it('keeps a note for the longest access token lifetime asked for, and a minute more', () => {
    let clock = 0;
    const notes = createRevocationNotes(() => clock);
    notes.keepFor(300_000);
    notes.keepFor(2_000);
    notes.family('fam-a');
    clock = 200_000;
    notes.family('fam-b');
    clock = 360_000;
    expect(notes.mayBeRevoked('fam-a', null)).toBe(true);
    clock = 360_001;
    expect(notes.mayBeRevoked('fam-a', null)).toBe(false);
    expect(notes.mayBeRevoked('fam-b', null)).toBe(true);
    // Noted again: kept from the new note on.
    notes.family('fam-b');
    clock = 560_001 + 360_000 - 200_000;
    expect(notes.mayBeRevoked('fam-b', null)).toBe(true);
  });
});
