import { sortMethods } from './route-methods';

// What the gateway and the platform answer about methods beyond a path's (docs/decisions/0392):
// - a method their router cannot route anywhere (Fastify's `supportedMethods` leaves out
//   PROPFIND, PURGE and every other token) is a 501, whatever the path: RFC 9110 15.6.2's answer
//   for a method the server does not implement for any resource. A method the router knows keeps
//   ADR 0385's answers: 405 with Allow at a path whose routes take others, 404 elsewhere;
// - `OPTIONS *` asks about the server as a whole (RFC 9110 9.3.7): a 200 with no content whose
//   Allow names every method the server implements.

/** A method the server's router routes nowhere: its request is a 501. */
export const routesNowhere = (supported: readonly string[], method: string) =>
  !supported.includes(method);

/** The message of a 501 for a method no route of the server takes. */
export const notImplementedMessage = (method: string) =>
  `${method.slice(0, 40)} is not implemented by this server`;

/** `OPTIONS *`: the request target names the server, not a resource (RFC 9110 7.1). */
export const asksAboutServer = (method: string, target: string) =>
  method === 'OPTIONS' && target === '*';

/** The Allow of `OPTIONS *`: the methods the server's routes take, and OPTIONS itself. */
export const serverAllow = (implemented: Iterable<string>) =>
  sortMethods([...implemented, 'OPTIONS']).join(', ');
