import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import {
  containerPorts,
  localise,
  mountsOf,
  publishedPorts,
  readImage,
  replicasOf,
  ROOT,
  seconds,
  startOrder,
  type ComposeFile,
  type ComposeService,
  type PortMap,
} from './compose-file';
import { freePort } from './nginx';

// docker-compose.yml's services as local processes, in depends_on order, each started with the
// command, environment and ports the file declares (made local by compose-file.ts), waited on
// with its own health check or, for a one-shot service, its exit. The images stand for local
// programs: our image for `node` and `sh` in this checkout, redis for Debian's redis-server,
// nginx for Debian's nginx with the mounted configuration, alpine for `sh` with the mounted
// script, prom/prometheus for Debian's prometheus with the mounted configuration. An image with
// no local program would not be run: `skipped` names it.
export type Replica = {
  service: string;
  index: number;
  env: Record<string, string>;
  ports: Map<number, number>;
  /** The health check's command, made local as the environment is. */
  healthTest: string[];
  child: ChildProcess;
  output(): string;
};
export type RunningCompose = {
  replicas: Replica[];
  ports: PortMap;
  skipped: string[];
  /** Local directory standing for a named volume. */
  volume(name: string): string;
  /** The first local port of a service's container port. */
  port(service: string, containerPort: number): number;
  close(): Promise<void>;
};

const LOCAL_IMAGES: [RegExp, string][] = [
  [/^redis:/, 'redis'],
  [/^nginx:/, 'nginx'],
  [/^alpine:/, 'alpine'],
  [/^prom\/prometheus:/, 'prometheus'],
];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runCompose(file: ComposeFile): Promise<RunningCompose> {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-compose-'));
  const volume = (name: string) => {
    const path = join(dir, 'volumes', name);
    mkdirSync(path, { recursive: true });
    return path;
  };
  const image = readImage();
  const kindOf = (s: ComposeService) =>
    s.build ? 'ours' : LOCAL_IMAGES.find(([pattern]) => pattern.test(s.image ?? ''))?.[1];
  const ports: PortMap = new Map();
  for (const [name, service] of Object.entries(file.services)) {
    const perReplica: Map<number, number>[] = [];
    for (let i = 0; i < replicasOf(service); i++) {
      const map = new Map<number, number>();
      for (const port of containerPorts(service)) map.set(port, await freePort());
      perReplica.push(map);
    }
    ports.set(name, perReplica);
  }
  const published = new Map<number, number>();
  for (const [name, service] of Object.entries(file.services))
    for (const [host, container] of publishedPorts(service))
      published.set(host, ports.get(name)![0]!.get(container)!);
  const fixedAddresses = Object.values(file.services).flatMap(
    (s) => s.networks?.default?.ipv4_address ?? [],
  );
  const replicas: Replica[] = [];
  const skipped: string[] = [];

  for (const name of startOrder(file)) {
    const service = file.services[name]!;
    const kind = kindOf(service);
    if (!kind) {
      skipped.push(name);
      continue;
    }
    for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
      if (skipped.includes(dependency)) throw new Error(`${name} depends on ${dependency}`);
      const ofDependency = replicas.filter((r) => r.service === dependency);
      if (condition === 'service_completed_successfully')
        await Promise.all(ofDependency.map(completed));
      else if (condition === 'service_healthy')
        await Promise.all(
          ofDependency.map((r) => healthy(r, file.services[dependency]!.healthcheck)),
        );
    }
    const mounts = mountsOf(service, volume);
    for (let index = 0; index < replicasOf(service); index++) {
      const own = ports.get(name)![index]!;
      const local = (value: string) =>
        localise(value, { ports, own, fixedAddresses, mounts, published });
      const env: Record<string, string> = {};
      for (const [key, value] of Object.entries({
        ...(kind === 'ours' ? image.env : {}),
        ...service.environment,
      }))
        env[key] = local(String(value));
      const command = service.command ?? (kind === 'ours' ? image.cmd : []);
      let argv = [...(service.entrypoint ?? []), ...command].map(local);
      if (kind === 'redis') argv = [...argv, '--bind', '127.0.0.1'];
      if (kind === 'nginx') argv = nginxArgv(mounts, ports, own, join(dir, `${name}-${index}`));
      if (kind === 'prometheus')
        argv = prometheusArgv(mounts, ports, own, join(dir, `${name}-${index}`));
      const child = spawn(argv[0]!, argv.slice(1), {
        cwd: ROOT,
        env: { PATH: process.env.PATH, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const keep = (chunk: Buffer) => (output = (output + chunk).slice(-6000));
      child.stdout!.on('data', keep);
      child.stderr!.on('data', keep);
      child.once('error', (error) => keep(Buffer.from(String(error))));
      replicas.push({
        service: name,
        index,
        env,
        ports: own,
        healthTest: (service.healthcheck?.test ?? []).map(local),
        child,
        output: () => output,
      });
    }
  }
  // Every long-running service healthy before the test starts.
  await Promise.all(
    replicas
      .filter((r) => file.services[r.service]!.healthcheck)
      .map((r) => healthy(r, file.services[r.service]!.healthcheck)),
  );

  return {
    replicas,
    ports,
    skipped,
    volume,
    port: (service, containerPort) => ports.get(service)![0]!.get(containerPort)!,
    close: async () => {
      for (const name of startOrder(file).reverse())
        await Promise.all(replicas.filter((r) => r.service === name).map(stop));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function completed(replica: Replica): Promise<void> {
  const { child } = replica;
  if (child.exitCode === null && child.signalCode === null)
    await new Promise((resolve) => child.once('exit', resolve));
  if (child.exitCode !== 0)
    throw new Error(`${replica.service} exited ${child.exitCode}: ${replica.output()}`);
}

/** Runs the declared health check (as the container would, with the replica's environment). */
async function healthy(replica: Replica, check: ComposeService['healthcheck']): Promise<void> {
  if (!check) throw new Error(`${replica.service} has no health check to wait on`);
  const [form, ...rest] = replica.healthTest;
  const argv = form === 'CMD-SHELL' ? ['sh', '-c', rest.join(' ')] : rest;
  const limit =
    Math.max(
      60,
      seconds(check.start_period, 0) + (check.retries ?? 3) * seconds(check.interval, 30),
    ) * 1000;
  const deadline = Date.now() + limit;
  for (;;) {
    if (replica.child.exitCode !== null || replica.child.signalCode !== null)
      throw new Error(`${replica.service}[${replica.index}] exited: ${replica.output()}`);
    const result = spawnSync(argv[0]!, argv.slice(1), {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...replica.env },
      timeout: seconds(check.timeout, 30) * 1000,
      stdio: 'ignore',
    });
    if (result.status === 0) return;
    if (Date.now() > deadline)
      throw new Error(`${replica.service}[${replica.index}] never healthy: ${replica.output()}`);
    await sleep(250);
  }
}

async function stop(replica: Replica): Promise<void> {
  const { child } = replica;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(replica.service === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
  await Promise.race([exited, sleep(30_000).then(() => child.kill('SIGKILL'))]);
}

/**
 * Debian's nginx with the configuration the service mounts at conf.d/default.conf, inside the
 * http block the image's own nginx.conf gives it: mounted paths are local, `listen` ports the
 * local ones on 127.0.0.1, the image's log directory the replica's own, an upstream
 * `server service:port` one line per replica of it (on loopback addresses, which need neither
 * `resolve` nor a `resolver`).
 */
function nginxArgv(
  mounts: [string, string][],
  ports: PortMap,
  own: Map<number, number>,
  home: string,
): string[] {
  const site = mounts.find(([target]) => target === '/etc/nginx/conf.d/default.conf')?.[1];
  if (!site) throw new Error('nginx mounts no /etc/nginx/conf.d/default.conf');
  let conf = readFileSync(site, 'utf8');
  for (const [target, local] of mounts) conf = conf.split(target).join(local);
  // The image's log directory (its access log is the container's stdout): the replica's own here.
  conf = conf.split('/var/log/nginx/').join(`${home}/`);
  conf = conf
    .replace(/^\s*resolver\s[^;]*;\s*$/gm, '')
    .replace(/\blisten\s+(\d+)/g, (_, port: string) => `listen 127.0.0.1:${own.get(Number(port))}`)
    .replace(
      /^(\s*)server\s+([a-z][\w-]*):(\d+)([^;]*);/gm,
      (_, indent: string, upstream: string, port: string, params: string) =>
        (ports.get(upstream) ?? [])
          .map(
            (replicaPorts) =>
              `${indent}server 127.0.0.1:${replicaPorts.get(Number(port))}${params.replace(/\sresolve\b/, '')};`,
          )
          .join('\n'),
    );
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, 'site.conf'), conf);
  writeFileSync(
    join(home, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${home}/nginx.pid;
error_log ${home}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${home}/body;
  proxy_temp_path ${home}/proxy;
  fastcgi_temp_path ${home}/fastcgi;
  uwsgi_temp_path ${home}/uwsgi;
  scgi_temp_path ${home}/scgi;
  include ${home}/site.conf;
}
`,
  );
  return [process.env.NGINX_PATH ?? '/usr/sbin/nginx', '-p', home, '-c', join(home, 'nginx.conf')];
}

/**
 * Debian's prometheus with the mounted prometheus.yml, as the image runs it (config, storage, port
 * 9090): rule files from the mounted directory, and a DNS name of a service (Docker's DNS answers
 * one address per replica) one static target per replica on loopback.
 */
function prometheusArgv(
  mounts: [string, string][],
  ports: PortMap,
  own: Map<number, number>,
  home: string,
): string[] {
  const configDir = mounts.find(([target]) => target === '/etc/prometheus')?.[1];
  if (!configDir) throw new Error('prometheus mounts no /etc/prometheus');
  type ScrapeConfig = {
    dns_sd_configs?: { names: string[]; port: number }[];
    static_configs?: { targets: string[] }[];
  };
  const config = parse(readFileSync(join(configDir, 'prometheus.yml'), 'utf8')) as {
    rule_files?: string[];
    scrape_configs: ScrapeConfig[];
  };
  config.rule_files = (config.rule_files ?? []).map((file) => join(configDir, file));
  for (const scrape of config.scrape_configs) {
    const targets = (scrape.dns_sd_configs ?? []).flatMap(({ names, port }) =>
      names.flatMap((name) => (ports.get(name) ?? []).map((p) => `127.0.0.1:${p.get(port)}`)),
    );
    delete scrape.dns_sd_configs;
    if (targets.length) scrape.static_configs = [{ targets }];
  }
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, 'prometheus.yml'), stringify(config));
  return [
    process.env.PROMETHEUS_PATH ?? 'prometheus',
    `--config.file=${join(home, 'prometheus.yml')}`,
    `--storage.tsdb.path=${join(home, 'data')}`,
    `--web.listen-address=127.0.0.1:${own.get(9090)}`,
  ];
}
