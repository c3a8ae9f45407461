import { z } from 'zod';
import {
  DEFAULT_PROXIED_SERVICES,
  serviceList,
  serviceUrls,
  type ServiceUpstream,
} from '../upstream/service-urls';
import { cidrList, commaList, httpUrl, listeningPort } from './values';

// Where the gateway listens and what it calls.

const PLATFORM_URL_REQUIRED =
  'required: the base URL of the platform (its /cms-api/* and /api/services/*), e.g. ' +
  'http://127.0.0.1:4000 for `npm run start:platform`; `npm start` sets it';
export const networkFields = {
  PORT: listeningPort(3000),
  /** Ports a balancer in front publishes the shop at, besides PORT (comma-separated; ADR 0272). */
  PUBLIC_PORTS: z
    .string()
    .default('')
    .pipe(commaList())
    .pipe(
      z.array(
        z
          .string()
          .regex(/^\d{1,5}$/, 'must be a comma-separated list of port numbers')
          .transform(Number)
          .refine((n) => n >= 1 && n <= 65535, 'ports are 1-65535'),
      ),
    ),
  HOST: z.string().min(1).default('0.0.0.0'),
  /**
   * Required: unset or empty, zod's "must be an http(s) URL" did not tell an operator starting
   * the gateway alone (`npm run start:gateway`) that it needs one, nor what it is.
   */
  PLATFORM_URL: z
    .string({ error: PLATFORM_URL_REQUIRED })
    .min(1, PLATFORM_URL_REQUIRED)
    .pipe(httpUrl())
    .transform((u) => u.replace(/\/+$/, '')),
  /** Per-service upstreams (JSON object, name → base URL); the others use PLATFORM_URL. */
  SERVICE_URLS: serviceUrls.default({}),
  /** The services proxied under /api/services/{service}/ (comma-separated). */
  PROXY_SERVICES: serviceList.default([...DEFAULT_PROXIED_SERVICES]),
  TRUST_PROXY: cidrList.default([]),
};

export type NetworkConfig = {
  port: number;
  /**
   * The ports a Host may name besides none (PORT and PUBLIC_PORTS); the port a connection came
   * in on is accepted as well (docs/decisions/0272).
   */
  publicPorts: number[];
  host: string;
  platformUrl: string;
  /** Upstreams of their own, by service name (SERVICE_URLS). */
  serviceUrls: Record<string, ServiceUpstream>;
  /** The allow-list of /api/services/{service}/ (PROXY_SERVICES). */
  proxiedServices: string[];
  trustProxy: string[];
};

type Env = z.infer<z.ZodObject<typeof networkFields>>;

export const readNetwork = (e: Env): NetworkConfig => ({
  port: e.PORT,
  publicPorts: [...new Set([e.PORT, ...e.PUBLIC_PORTS])],
  host: e.HOST,
  platformUrl: e.PLATFORM_URL,
  serviceUrls: e.SERVICE_URLS,
  proxiedServices: e.PROXY_SERVICES,
  trustProxy: e.TRUST_PROXY,
});
