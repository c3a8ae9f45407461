import { z } from 'zod';

// What a shopper signs in with, as the gateway checks it: the JSON body of POST /auth/sign-in
// (server/session/routes.ts) and the sign-in form without JavaScript (the /social-login action).
export const SignInBody = z.object({
  email: z.string().trim().email('must be an e-mail address').max(254),
  password: z.string().min(1, 'is required').max(200),
});
