import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SignInMethodsPanel } from './sign-in-methods';

// The profile's "Ways to sign in" says what a post did from `?done=` (PRG): a code of its own
// only. `?done=constructor` found the object's inherited function and rendered an empty status.
const methods = { hasPassword: true, identities: [] };
const panel = (done: string | null) =>
  renderToStaticMarkup(<SignInMethodsPanel methods={methods} result={null} done={done} />);

describe('the notice of "Ways to sign in"', () => {
  it('says what a known code means', () => {
    expect(panel('unlinked')).toContain('<p role="status">The sign-in was unlinked.</p>');
  });

  it.each(['constructor', 'toString', 'Call 0800 000 000'])('says nothing for %s', (done) => {
    expect(panel(done)).not.toContain('role="status"');
  });
});
