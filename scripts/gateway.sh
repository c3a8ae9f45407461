#!/bin/sh
# The production gateway (npm run start:gateway, the image's command). Its heap caps
# (docs/decisions/0008, 0228) are defaults placed before the caller's NODE_OPTIONS, so that
# NODE_OPTIONS=--max-old-space-size=N raises them: V8 takes the last value of a flag, and flags
# given on the command line would override NODE_OPTIONS instead.
NODE_OPTIONS="--max-old-space-size=${GATEWAY_HEAP_MB:-96} --max-semi-space-size=${GATEWAY_SEMI_SPACE_MB:-4} ${NODE_OPTIONS:-}"
export NODE_OPTIONS
# The young generation never shrinks below its cap, and no allocation site is moved to the old
# generation for good (docs/decisions/0293); no collection meant to shrink the heap while the
# gateway is idle (docs/decisions/0400). Node refuses these flags in NODE_OPTIONS, so they go on
# the command line; V8 lowers the floor to a smaller cap by itself. The same flags, for npm start,
# the tests and the benches: scripts/gateway-node-flags.mjs (the heap-options test checks both).
exec node --min-semi-space-size="${GATEWAY_SEMI_SPACE_MB:-4}" --no-allocation-site-pretenuring \
  --no-memory-reducer --enable-source-maps dist/server/main.js "$@"
