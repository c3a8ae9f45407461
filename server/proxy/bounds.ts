// What the proxy route takes (plugins/proxy.ts): its methods and the size of a body it streams.
// The gateway's OpenAPI document (scripts/api/gateway-proxy.ts) reads them too.
export const PROXY_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export const BODY_LIMIT = 1024 * 1024;
