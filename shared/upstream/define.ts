import { routeTable } from '../routes';
import { operationIdOf } from './operation-id';
import type { Screen, ServiceName, UpstreamOperation } from './operation';

// Helpers the contract's service files declare their operations with (docs/decisions/0231).

/** The prefix of a service's paths: `/cms-api`, `/api/services/{name}/api/v1`. */
export const servicePrefix = (service: ServiceName) =>
  service === 'cms-api' ? '/cms-api' : `/api/services/${service}/api/v1`;

/** The screens the route table guards with `auth`: each needs a signed-in shopper. */
export const SIGNED_IN_SCREENS: readonly Screen[] = routeTable
  .filter((route) => (route.middleware as readonly string[]).includes('auth'))
  .map((route) => route.id);

type Declared = Omit<UpstreamOperation, 'id' | 'service' | 'path'> & { path: string };

/** The operations of one service, their paths relative to its prefix, their ids made from them. */
export function service(name: ServiceName, operations: readonly Declared[]): UpstreamOperation[] {
  const tag = name === 'cms-api' ? 'cms' : name;
  return operations.map((operation) => {
    const path = servicePrefix(name) + operation.path;
    return { ...operation, id: operationIdOf(operation.method, path, tag), service: name, path };
  });
}
