import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { freePort } from './nginx';

// Debian's prometheus on 127.0.0.1 with the deployed scrape configuration and alert rules
// (deploy/prometheus/), for the tests that check them against a real scrape: the gateway job's
// DNS discovery becomes static targets (the gateways on loopback), the intervals are short, and
// the rules' `for` may be shortened (what `for` does is promtool's to test: alerts.test.yml).
const DEPLOYED = fileURLToPath(new URL('../../deploy/prometheus/', import.meta.url));
const PROGRAM = process.env.PROMETHEUS_PATH ?? 'prometheus';

export const prometheusInstalled = () => spawnSync(PROGRAM, ['--version']).status === 0;

export type Series = { metric: Record<string, string>; value: [number, string] };
export type Alert = { labels: Record<string, string>; state: 'pending' | 'firing' };
export type Target = { scrapeUrl: string; health: string; lastError: string; lastScrape: string };
export type Prometheus = {
  url: string;
  /** An instant query (PromQL) now; throws on a query Prometheus refuses. */
  query(expr: string): Promise<Series[]>;
  alerts(): Promise<Alert[]>;
  targets(): Promise<Target[]>;
  /** Values of a label over every series (`/api/v1/label/<name>/values`). */
  labelValues(name: string): Promise<string[]>;
  labelNames(): Promise<string[]>;
  close(): Promise<void>;
};

export async function startPrometheus(
  targets: string[],
  options: { interval: string; ruleFor?: string },
): Promise<Prometheus> {
  const home = await mkdtemp(join(tmpdir(), 'storefront-prometheus-'));
  type Rule = { alert?: string; for?: string };
  const rules = parse(await readFile(join(DEPLOYED, 'alerts.yml'), 'utf8')) as {
    groups: { rules: Rule[] }[];
  };
  if (options.ruleFor)
    for (const rule of rules.groups.flatMap((group) => group.rules))
      if (rule.for) rule.for = options.ruleFor;
  await writeFile(join(home, 'alerts.yml'), stringify(rules));
  const config = parse(await readFile(join(DEPLOYED, 'prometheus.yml'), 'utf8')) as {
    global: Record<string, string>;
    rule_files: string[];
    scrape_configs: Record<string, unknown>[];
  };
  config.global.scrape_interval = options.interval;
  config.global.evaluation_interval = options.interval;
  config.rule_files = [join(home, 'alerts.yml')];
  for (const scrape of config.scrape_configs) {
    delete scrape.dns_sd_configs;
    scrape.static_configs = [{ targets }];
  }
  await writeFile(join(home, 'prometheus.yml'), stringify(config));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    PROGRAM,
    [
      `--config.file=${join(home, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(home, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited: ${stderr}`);
    if (
      await fetch(`${url}/-/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`prometheus never ready: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const api = async <T>(path: string): Promise<T> => {
    const body = (await (await fetch(url + path)).json()) as { data: T; error?: string };
    if (body.error) throw new Error(`${path}: ${body.error}`);
    return body.data;
  };
  return {
    url,
    query: async (expr) =>
      (await api<{ result: Series[] }>(`/api/v1/query?query=${encodeURIComponent(expr)}`)).result,
    alerts: async () => (await api<{ alerts: Alert[] }>('/api/v1/alerts')).alerts,
    targets: async () => (await api<{ activeTargets: Target[] }>('/api/v1/targets')).activeTargets,
    labelValues: (name) => api<string[]>(`/api/v1/label/${encodeURIComponent(name)}/values`),
    labelNames: () => api<string[]>('/api/v1/labels'),
    close: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await rm(home, { recursive: true, force: true });
    },
  };
}
