import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';

// docker-compose.yml and the Dockerfile's run stage, read as written, and the rules that turn a
// service's settings into those of a local process: every service name and fixed address is
// loopback, every container port a free port of this machine, every mounted container path the
// file or directory it mounts. compose-run.ts starts the processes.
export const ROOT = resolve(new URL('../../', import.meta.url).pathname);

export type HealthCheck = {
  test: string[];
  interval?: string;
  timeout?: string;
  retries?: number;
  start_period?: string;
};
export type ComposeService = {
  image?: string;
  build?: string;
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  expose?: string[];
  ports?: string[];
  volumes?: string[];
  healthcheck?: HealthCheck;
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number; resources?: { limits?: { memory?: string } } };
  networks?: { default?: { ipv4_address?: string } };
  restart?: string;
  stop_grace_period?: string;
};
export type ComposeFile = {
  services: Record<string, ComposeService>;
  networks?: { default?: { ipam?: { config?: { subnet: string }[] } } };
  volumes?: Record<string, unknown>;
};

export function readCompose(): ComposeFile {
  return parse(readFileSync(resolve(ROOT, 'docker-compose.yml'), 'utf8')) as ComposeFile;
}

/** The run stage of the Dockerfile: its ENV settings and its exec-form CMD. */
export function readImage(): { env: Record<string, string>; cmd: string[] } {
  const text = readFileSync(resolve(ROOT, 'Dockerfile'), 'utf8');
  const runStage = text.slice(text.lastIndexOf('\nFROM '));
  const env: Record<string, string> = {};
  for (const [, name, value] of runStage.matchAll(/^ENV (\w+)=(.*)$/gm)) env[name!] = value!;
  const cmd = /^CMD (\[.*\])$/m.exec(runStage)?.[1];
  if (!cmd) throw new Error('the Dockerfile has no exec-form CMD in its run stage');
  return { env, cmd: JSON.parse(cmd) as string[] };
}

/** The ports a service publishes on the machine: host port -> container port (`ports`). */
export function publishedPorts(service: ComposeService): [number, number][] {
  return (service.ports ?? []).map((p) => {
    const parts = p.split(':');
    return [Number(parts.at(-2) ?? parts.at(-1)), Number(parts.at(-1))];
  });
}

/** The container ports a service listens on: `expose`, and the container side of `ports`. */
export function containerPorts(service: ComposeService): number[] {
  const published = (service.ports ?? []).map((p) => Number(p.split(':').pop()));
  return [...new Set([...(service.expose ?? []).map(Number), ...published])];
}

export const replicasOf = (service: ComposeService) => service.deploy?.replicas ?? 1;

/** Start order: each service after those it depends on. */
export function startOrder(file: ComposeFile): string[] {
  const order: string[] = [];
  const visit = (name: string, path: string[]) => {
    if (order.includes(name)) return;
    if (path.includes(name)) throw new Error(`depends_on cycle: ${[...path, name].join(' -> ')}`);
    for (const dependency of Object.keys(file.services[name]?.depends_on ?? {}))
      visit(dependency, [...path, name]);
    order.push(name);
  };
  for (const name of Object.keys(file.services)) visit(name, []);
  return order;
}

/** Container path -> local path of every volume of a service (named volumes: `namedDir(name)`). */
export function mountsOf(
  service: ComposeService,
  namedDir: (volume: string) => string,
): [string, string][] {
  return (service.volumes ?? []).map((volume) => {
    const [source = '', target = ''] = volume.split(':');
    const local = source.startsWith('.') ? resolve(ROOT, source) : namedDir(source);
    return [target, local];
  });
}

/** Where each replica of each service listens locally: container port -> local port. */
export type PortMap = Map<string, Map<number, number>[]>;

/**
 * A value as the local process must see it (after compose's own `$$` escape): `service:port` is `127.0.0.1:<its local port>`,
 * a service's fixed address and 0.0.0.0 are 127.0.0.1, the replica's own container ports
 * (alone, or after 127.0.0.1/localhost) its local ports, a list of ports that another service
 * publishes on the machine (the gateway's PUBLIC_PORTS: the balancer's) that service's local
 * ports, mounted container paths local paths.
 */
export function localise(
  value: string,
  context: {
    ports: PortMap;
    own: Map<number, number>;
    fixedAddresses: string[];
    mounts: [string, string][];
    /** Host port a service publishes -> its local port. */
    published?: Map<number, number>;
  },
): string {
  // `$$` is compose's escape for a `$` the container sees (no other interpolation is used).
  let out = value.replaceAll('$$', '$');
  out = out.replace(/\b([a-z][\w-]*):(\d+)\b/g, (match, name: string, port: string) => {
    const local = context.ports.get(name)?.[0]?.get(Number(port));
    return local ? `127.0.0.1:${local}` : match;
  });
  for (const address of [...context.fixedAddresses, '0.0.0.0'])
    out = out.split(address).join('127.0.0.1');
  out = out.replace(/\b(127\.0\.0\.1|localhost):(\d+)\b/g, (match, host: string, port: string) => {
    const local = context.own.get(Number(port));
    return local ? `${host}:${local}` : match;
  });
  if (/^\d+$/.test(out) && context.own.has(Number(out))) out = String(context.own.get(Number(out)));
  else if (/^\d+(,\d+)*$/.test(out) && context.published)
    out = out
      .split(',')
      .map((port) => String(context.published!.get(Number(port)) ?? port))
      .join(',');
  for (const [target, local] of context.mounts)
    if (out === target || out.startsWith(`${target}/`)) out = local + out.slice(target.length);
  return out;
}

/** Seconds of a compose duration such as `30s`, `1m30s` or `500ms`. */
export function seconds(duration: string | undefined, fallback: number): number {
  if (!duration) return fallback;
  let total = 0;
  for (const [, n, unit] of duration.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g))
    total += Number(n) * { ms: 0.001, s: 1, m: 60, h: 3600 }[unit as 'ms' | 's' | 'm' | 'h'];
  return total;
}
