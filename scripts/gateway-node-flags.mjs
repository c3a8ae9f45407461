// The gateway's node flags, written once for what starts it from JavaScript: scripts/start.mjs,
// the tests' gateway processes and the benches' (every build they compare). scripts/gateway.sh,
// the image's command, is shell and writes them again; tests/integration/gateway-heap-options
// checks it gives these.

/**
 * The heap caps (docs/decisions/0008, 0228), for NODE_OPTIONS ahead of the caller's own, which
 * V8 then lets raise them (the last value of a flag counts).
 * @param {Record<string, string | undefined>} [env]
 */
export function gatewayHeapCaps(env = process.env) {
  return [
    `--max-old-space-size=${env.GATEWAY_HEAP_MB ?? 96}`,
    `--max-semi-space-size=${env.GATEWAY_SEMI_SPACE_MB ?? 4}`,
  ];
}

/**
 * The flags node refuses in NODE_OPTIONS, for its command line: the young generation never
 * shrinks below its cap and no allocation site is pretenured (docs/decisions/0293); no
 * collection meant to shrink the heap while the gateway is idle (docs/decisions/0400).
 * @param {Record<string, string | undefined>} [env]
 */
export function gatewayCommandLineFlags(env = process.env) {
  return [
    `--min-semi-space-size=${env.GATEWAY_SEMI_SPACE_MB ?? 4}`,
    '--no-allocation-site-pretenuring',
    '--no-memory-reducer',
  ];
}
