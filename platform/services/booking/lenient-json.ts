import type { ServiceApp } from '../service';

// Generic HTTP clients often send `Content-Type: application/json` on every call, including the
// body-less DELETE .../item of specification call 5. Fastify refuses an empty JSON body with a 400;
// for the cart an empty body means "no body" (the route's own validation still applies).
export function acceptEmptyJsonBodies(app: ServiceApp): void {
  const strict = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    strict(request, text, done);
  });
}
