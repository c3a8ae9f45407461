import type { FastifyInstance } from 'fastify';
import { GATEWAY_DOCUMENT_PATH, gatewayDocumentText } from '../api/document';

// GET /openapi.json on the shop's port, only with OPENAPI_PUBLIC=true: the metrics port serves it
// to operators always (ADR 0232); a shop opens it to the public by choice.
export async function openApiPlugin(app: FastifyInstance): Promise<void> {
  app.get(GATEWAY_DOCUMENT_PATH, async (_request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(gatewayDocumentText),
  );
}
