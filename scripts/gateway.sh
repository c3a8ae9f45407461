#!/bin/sh
# The production gateway (npm run start:gateway, the image's command). Its heap caps
# (docs/decisions/0008, 0228) are defaults placed before the caller's NODE_OPTIONS, so that
# NODE_OPTIONS=--max-old-space-size=N raises them: V8 takes the last value of a flag, and flags
# given on the command line would override NODE_OPTIONS instead.
NODE_OPTIONS="--max-old-space-size=${GATEWAY_HEAP_MB:-96} --max-semi-space-size=${GATEWAY_SEMI_SPACE_MB:-4} ${NODE_OPTIONS:-}"
export NODE_OPTIONS
# The young generation is kept at its size (docs/decisions/0284); node refuses this flag in
# NODE_OPTIONS, so it goes on the command line.
exec node --enable-source-maps --min-semi-space-size="${GATEWAY_SEMI_SPACE_MB:-4}" dist/server/main.js "$@"
