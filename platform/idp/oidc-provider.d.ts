// The part of oidc-provider's API the demo identity provider uses (the package ships no types).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type InteractionDetails = {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown> & { client_id?: string; scope?: string };
    session?: { accountId: string };
    grantId?: string;
  };

  export type InteractionResults = Record<string, unknown>;

  export class Grant {
    constructor(init: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(indicator: string, scope: string): void;
    save(): Promise<string>;
  }

  export type ClientView = { clientId: string; clientName?: string };

  export class Provider {
    constructor(issuer: string, configuration?: Record<string, unknown>);
    proxy: boolean;
    Grant: typeof Grant & { find(id: string): Promise<Grant | undefined> };
    Client: { find(id: string): Promise<ClientView | undefined> };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
  export default Provider;
}
