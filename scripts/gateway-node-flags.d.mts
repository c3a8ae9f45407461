/** The heap caps, for NODE_OPTIONS ahead of the caller's own (./gateway-node-flags.mjs). */
export function gatewayHeapCaps(env?: Record<string, string | undefined>): string[];
/** The flags node refuses in NODE_OPTIONS, for its command line. */
export function gatewayCommandLineFlags(env?: Record<string, string | undefined>): string[];
