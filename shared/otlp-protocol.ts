import { z } from 'zod';
import { emptyAsUnset } from './env-numbers';

// How spans travel to the collector (docs/decisions/0250): the standard variables
// OTEL_EXPORTER_OTLP_TRACES_PROTOCOL, else OTEL_EXPORTER_OTLP_PROTOCOL. OTLP over HTTP, JSON unless
// `http/protobuf` is asked for; gRPC is not shipped. Checked with the other settings at start
// (server/config, platform/config.ts); read where the exporter is made (./tracing.ts).
type Env = Record<string, string | undefined>;

export const OTLP_PROTOCOLS = ['http/json', 'http/protobuf'] as const;
export type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];

export const otlpProtocolSetting = z.preprocess(
  emptyAsUnset,
  z
    .enum(OTLP_PROTOCOLS, { error: 'must be http/json or http/protobuf (gRPC is not supported)' })
    .optional(),
);

export function otlpProtocol(env: Env = process.env): OtlpProtocol {
  const asked = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL;
  return asked === 'http/protobuf' ? 'http/protobuf' : 'http/json';
}
