import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Provider } from 'oidc-provider';
import { checkCredentials, identityBySub } from './identities';
import { consentPage, errorPage, signInPage } from './pages';

// The provider's interaction routes (/interaction/:uid[/login|/confirm|/abort]): the sign-in page,
// the consent page, and the person's answers, handed back to oidc-provider.
const MAX_FORM_BYTES = 8 * 1024;

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // No form-action: the consent form's answer redirects on to the client's redirect URI.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'x-frame-options': 'DENY',
  });
  res.end(html);
}

async function clientName(provider: Provider, clientId: unknown): Promise<string> {
  const client = typeof clientId === 'string' ? await provider.Client.find(clientId) : undefined;
  return client?.clientName ?? client?.clientId ?? 'the application';
}

export async function handleInteraction(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  action: string | undefined,
): Promise<void> {
  let details;
  try {
    details = await provider.interactionDetails(req, res);
  } catch {
    return send(res, 400, errorPage('This sign-in has expired or is not yours.'));
  }
  const { uid, prompt, params } = details;
  const name = await clientName(provider, params.client_id);

  if (req.method === 'GET' && !action) {
    if (prompt.name === 'login') return send(res, 200, signInPage({ uid, clientName: name }));
    const identity = identityBySub(details.session?.accountId ?? '');
    const scopes = String(params.scope ?? 'openid').split(' ');
    return send(
      res,
      200,
      consentPage({ uid, clientName: name, scopes, email: identity?.email ?? '' }),
    );
  }
  if (req.method !== 'POST') return send(res, 405, errorPage('Not allowed.'));

  const form = await readForm(req);
  if (action === 'abort') {
    return provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'End-User aborted interaction' },
      { mergeWithLastSubmission: false },
    );
  }
  if (action === 'login' && prompt.name === 'login') {
    const username = form.get('username') ?? '';
    const identity = checkCredentials(username, form.get('password') ?? '');
    if (!identity) {
      return send(
        res,
        401,
        signInPage({ uid, clientName: name, username, error: 'Wrong username or password.' }),
      );
    }
    return provider.interactionFinished(
      req,
      res,
      { login: { accountId: identity.sub } },
      { mergeWithLastSubmission: false },
    );
  }
  if (action === 'confirm' && prompt.name === 'consent') {
    const accountId = details.session?.accountId;
    if (!accountId || typeof params.client_id !== 'string')
      return send(res, 400, errorPage('This sign-in has expired.'));
    const grant = details.grantId
      ? ((await provider.Grant.find(details.grantId)) ??
        new provider.Grant({ accountId, clientId: params.client_id }))
      : new provider.Grant({ accountId, clientId: params.client_id });
    const missing = prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    return provider.interactionFinished(
      req,
      res,
      { consent: details.grantId ? {} : { grantId } },
      { mergeWithLastSubmission: true },
    );
  }
  return send(res, 400, errorPage('This step does not belong to this sign-in.'));
}
