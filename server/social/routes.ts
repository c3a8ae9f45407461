import type { FastifyInstance } from 'fastify';
import { finishSocialSignIn, type SocialDeps } from './flow';

// The provider redirects the browser here (the redirect URI registered at the provider). A GET
// that ends in a redirect either way: back where the shopper was, or to the sign-in screen with
// the reason. The "Continue with" form posts go to /social-login, a page action (ADR 0181).
export async function socialRoutes(app: FastifyInstance, deps: SocialDeps): Promise<void> {
  app.get<{ Params: { id: string } }>('/auth/social/:id/callback', async (request, reply) => {
    const location = await finishSocialSignIn(request, reply, deps, request.params.id);
    return reply.redirect(location, 303);
  });
}
