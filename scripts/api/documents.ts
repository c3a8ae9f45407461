import { buildGatewayDocument } from './gateway-document';
import { buildUpstreamDocument } from './upstream-document';

// The OpenAPI documents the repository commits, each with the function that generates it.
export const API_DOCUMENTS: readonly { file: string; build: () => unknown | Promise<unknown> }[] = [
  { file: 'docs/api/upstream.openapi.json', build: buildUpstreamDocument },
  { file: 'docs/api/gateway.openapi.json', build: buildGatewayDocument },
];
