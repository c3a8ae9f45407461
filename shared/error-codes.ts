// The error codes of a status, one table for the gateway and the reference platform's services
// (docs/decisions/0123, 0385): a refusal with nothing more specific to say is answered with its
// status's code, whichever side refuses it. A code that names the refusal better (`csrf`,
// `bad_path`, `order_too_large`) is its operation's, in the documents. uaa speaks OAuth's codes
// instead (`invalid_request`, `invalid_grant`, `invalid_token`: RFC 6749).

/** The client errors' codes, by status. */
export const CLIENT_ERROR_CODES: Readonly<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  411: 'length_required',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  417: 'expectation_failed',
  421: 'misdirected_request',
  429: 'rate_limited',
  431: 'headers_too_large',
};

/** The server errors' codes, by status (the gateway's: it is the platform's client). */
export const SERVER_ERROR_CODES: Readonly<Record<number, string>> = {
  // A method the server routes nowhere (RFC 9110 15.6.2; docs/decisions/0392): the client's to
  // change, though a 5xx (the gateway and the platform answer it themselves, nothing failed).
  501: 'not_implemented',
  502: 'upstream_error',
  503: 'unavailable',
  504: 'upstream_timeout',
};

/** A status's code; one the tables do not name is its class's (`bad_request`, `internal_error`). */
export function codeOfStatus(status: number): string {
  return status >= 500
    ? (SERVER_ERROR_CODES[status] ?? 'internal_error')
    : (CLIENT_ERROR_CODES[status] ?? 'bad_request');
}
