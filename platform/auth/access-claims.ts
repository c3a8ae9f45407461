/** What an access token says (./tokens.ts signs and verifies them). */
export type AccessClaims = {
  /** Principal: the account id, or `guest:<uuid>` for an anonymous guest. */
  principalId: string;
  accountId: string | null;
  tenantId: string;
  /** The session (refresh token family) the token was issued for. */
  sessionId?: string | null;
};
