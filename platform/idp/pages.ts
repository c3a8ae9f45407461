import { DEMO_IDENTITIES } from './identities';

// The provider's own HTML pages: sign-in, consent and errors. Plain forms, no script, so they work
// in any browser; every value from a request is escaped.
const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const STYLE = `body{font-family:system-ui,sans-serif;background:#eef2f7;margin:0;color:#1d2733}
main{max-width:26rem;margin:3rem auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 2px 12px #0002}
h1{font-size:1.4rem;margin:0 0 1rem}label{display:block;margin:.8rem 0 .3rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #9aa7b5;border-radius:6px}
button{margin-top:1.2rem;padding:.6rem 1.2rem;font-size:1rem;border-radius:6px;border:0;background:#2557a7;color:#fff;cursor:pointer}
button.secondary{background:#e3e8ef;color:#1d2733;margin-left:.5rem}.error{color:#a61b1b;font-weight:600}
.brand{color:#2557a7;font-weight:700;letter-spacing:.05em}small,table{color:#4a5866;font-size:.85rem}
td{padding:.1rem .6rem .1rem 0}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title>
<style>${STYLE}</style></head><body><main><p class="brand">DEMO ID</p>${body}</main></body></html>`;
}

export function signInPage(input: {
  uid: string;
  clientName: string;
  error?: string;
  username?: string;
}) {
  const identities = DEMO_IDENTITIES.map(
    (i) =>
      `<tr><td><code>${escape(i.username)}</code></td><td>${escape(i.email)}${i.emailVerified ? '' : ' (not verified)'}</td></tr>`,
  ).join('');
  return page(
    'Sign in - Demo ID',
    `<h1>Sign in to continue to ${escape(input.clientName)}</h1>
${input.error ? `<p class="error" role="alert">${escape(input.error)}</p>` : ''}
<form method="post" action="/interaction/${escape(input.uid)}/login">
<label for="username">Username</label>
<input id="username" name="username" autocomplete="username" required value="${escape(input.username ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<form method="post" action="/interaction/${escape(input.uid)}/abort"><button class="secondary" type="submit">Cancel</button></form>
<p><small>Demo identities (password <code>demo1234</code>):</small></p><table>${identities}</table>`,
  );
}

const SCOPE_WORDS: Record<string, string> = {
  openid: 'Know who you are',
  email: 'See your e-mail address',
  profile: 'See your name',
};

export function consentPage(input: {
  uid: string;
  clientName: string;
  scopes: string[];
  email: string;
}) {
  const items = input.scopes
    .map((scope) => `<li>${escape(SCOPE_WORDS[scope] ?? scope)}</li>`)
    .join('');
  return page(
    'Allow access - Demo ID',
    `<h1>${escape(input.clientName)} wants to</h1><ul>${items}</ul>
<p><small>Signed in as ${escape(input.email)}</small></p>
<form method="post" action="/interaction/${escape(input.uid)}/confirm" style="display:inline">
<button type="submit">Allow</button></form>
<form method="post" action="/interaction/${escape(input.uid)}/abort" style="display:inline">
<button class="secondary" type="submit">Deny</button></form>`,
  );
}

export function errorPage(message: string) {
  return page(
    'Sign-in problem - Demo ID',
    `<h1>Something went wrong</h1><p>${escape(message)}</p>
<p>Go back to the site you came from and try again.</p>`,
  );
}
