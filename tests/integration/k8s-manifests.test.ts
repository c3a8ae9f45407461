import { describe, expect, it } from 'vitest';
import { READY_DEADLINE_MS } from '../../platform/http/readiness';
import { loadShopOrigins } from '../../platform/shop-origins';
import { containerPorts, readCompose, seconds } from '../support/compose-file';
import {
  find,
  readKustomization,
  readManifests,
  validateManifest,
  type Manifest,
} from '../support/k8s-manifests';

// deploy/k8s/ (issue #25 item 4): every manifest valid against the Kubernetes schemas, the
// gateway's probes, shutdown and resources as the process needs them, and the settings that
// docker-compose.yml also declares the same there (names, values, ports, health paths).
const manifests = readManifests();
const compose = readCompose();

type Probe = { httpGet?: { path: string; port: string | number }; timeoutSeconds?: number };
type Container = {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  ports?: { name?: string; containerPort: number }[];
  startupProbe?: Probe;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
};
type PodSpec = { terminationGracePeriodSeconds?: number; containers: Container[] };
const podOf = (m: Manifest) => (m.spec as { template: { spec: PodSpec } }).template.spec;
const containerOf = (kind: string, name: string) =>
  podOf(find(manifests, kind, name)).containers[0]!;
const bytes = (quantity: string) => {
  const [, n, unit = ''] = /^(\d+)([A-Za-z]*)$/.exec(quantity)!;
  const units: Record<string, number> = { '': 1, M: 2 ** 20, Mi: 2 ** 20, G: 2 ** 30, Gi: 2 ** 30 };
  return Number(n) * units[unit]!;
};

describe('deploy/k8s', () => {
  it('validates every manifest of the kustomization against its Kubernetes schema', async () => {
    expect(readKustomization().namespace).toBe('storefront');
    const kinds = manifests.map((m) => m.kind);
    for (const kind of ['Deployment', 'Service', 'Ingress', 'HorizontalPodAutoscaler']) {
      expect(kinds).toContain(kind);
    }
    expect(kinds).toEqual(expect.arrayContaining(['PodDisruptionBudget', 'StatefulSet', 'Secret']));
    for (const manifest of manifests) await validateManifest(manifest);
  });

  it('refuses a manifest the schema does not allow (the validation bites)', async () => {
    const gateway = find(manifests, 'Deployment', 'gateway');
    const broken = structuredClone(gateway);
    (broken.spec as { replicas: unknown }).replicas = 'three';
    await expect(validateManifest(broken)).rejects.toThrow();
    const probe = structuredClone(gateway);
    delete (podOf(probe).containers[0]!.readinessProbe!.httpGet as { port?: unknown }).port;
    await expect(validateManifest(probe)).rejects.toThrow();
  });

  it('probes the gateway on /readyz and /healthz and drains it within its grace period', () => {
    const gateway = containerOf('Deployment', 'gateway');
    expect(gateway.readinessProbe!.httpGet!.path).toBe('/readyz');
    expect(gateway.livenessProbe!.httpGet!.path).toBe('/healthz');
    const config = find(manifests, 'ConfigMap', 'gateway').data!;
    const preStop = gateway.lifecycle!.preStop!.exec!.command;
    expect(preStop[0]).toBe('sleep');
    const drain = (Number(config.SHUTDOWN_DELAY_MS) + Number(config.SHUTDOWN_TIMEOUT_MS)) / 1000;
    const grace = podOf(find(manifests, 'Deployment', 'gateway')).terminationGracePeriodSeconds!;
    // preStop, then the gateway's own delay and timeout, then a margin of at least 5 s.
    expect(grace - Number(preStop[1]) - drain).toBeGreaterThanOrEqual(5);
    // The compose file's stop_grace_period is the same without the preStop wait.
    expect(grace - Number(preStop[1])).toBe(
      seconds(compose.services.gateway!.stop_grace_period, 0),
    );
  });

  it('probes the platform on /readyz (its database answering) and /healthz (the process)', () => {
    // Readiness was /healthz, which never looks at the database.
    const platform = containerOf('Deployment', 'platform');
    expect(platform.startupProbe!.httpGet!.path).toBe('/healthz');
    expect(platform.livenessProbe!.httpGet!.path).toBe('/healthz');
    expect(platform.readinessProbe!.httpGet!.path).toBe('/readyz');
    // The platform's own deadline comes first: a 503 with its reason, not a probe timing out.
    expect(platform.readinessProbe!.timeoutSeconds! * 1000).toBeGreaterThan(READY_DEADLINE_MS);
  });

  it('requests and limits the memory measured with everything on, as the compose file does', () => {
    const { requests, limits } = containerOf('Deployment', 'gateway').resources!;
    expect(requests!.cpu).toBeTruthy();
    expect(bytes(requests!.memory!)).toBeGreaterThanOrEqual(160 * 2 ** 20);
    expect(bytes(limits!.memory!)).toBe(
      bytes(compose.services.gateway!.deploy!.resources!.limits!.memory!),
    );
  });

  it('spreads requests without affinity, scales on CPU and keeps two replicas in a disruption', () => {
    const service = find(manifests, 'Service', 'gateway');
    expect(service.spec!.sessionAffinity).toBe('None');
    const ingress = find(manifests, 'Ingress', 'storefront');
    const annotations = Object.keys(ingress.metadata.annotations ?? {});
    expect(annotations.filter((a) => /affinity|session-cookie|upstream-hash/.test(a))).toEqual([]);
    expect(JSON.stringify(ingress.spec)).toContain('"name":"gateway"');
    const hpa = find(manifests, 'HorizontalPodAutoscaler', 'gateway').spec as {
      scaleTargetRef: { kind: string; name: string };
      minReplicas: number;
    };
    expect(hpa.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'gateway' });
    const pdb = find(manifests, 'PodDisruptionBudget', 'gateway').spec as {
      minAvailable: number;
      selector: { matchLabels: Record<string, string> };
    };
    expect(hpa.minReplicas).toBeGreaterThan(pdb.minAvailable);
    const podLabels = (
      find(manifests, 'Deployment', 'gateway').spec as {
        template: { metadata: { labels: Record<string, string> } };
      }
    ).template.metadata.labels;
    expect(podLabels).toMatchObject(pdb.selector.matchLabels);
  });

  it("names the shops' origins as the ingress publishes them: https on 443, no port", () => {
    const data = find(manifests, 'ConfigMap', 'platform').data as Record<string, string>;
    const origins = loadShopOrigins(data);
    expect(Object.keys(origins).sort()).toEqual(['fresh', 'harbour']);
    for (const origin of Object.values(origins)) expect(new URL(origin).port).toBe('');
    for (const origin of Object.values(origins)) expect(origin).toMatch(/^https:\/\//);
  });

  it('declares the settings, ports and health paths docker-compose.yml also declares, the same', () => {
    // TRUST_PROXY names the balancer: its fixed address in compose, the pod network here; the
    // balancer's port (PUBLIC_PORTS: compose's 8443; the ingress's 443 sends no port), the
    // platform's data directory and the shops' origins are compose's own.
    const differ: Record<string, string[]> = {
      gateway: ['TRUST_PROXY', 'PUBLIC_PORTS'],
      platform: ['DATA_DIR', 'SHOP_ORIGINS'],
    };
    for (const name of ['gateway', 'platform']) {
      const config = find(manifests, 'ConfigMap', name).data!;
      const service = compose.services[name]!;
      // A secret is in the Secret of the same name, with a value of its own (a placeholder).
      const secrets = manifests.find((m) => m.kind === 'Secret' && m.metadata?.name === name) as
        { stringData?: Record<string, string> } | undefined;
      for (const [key, value] of Object.entries(service.environment!)) {
        if (differ[name]!.includes(key)) continue;
        if (key.endsWith('_SECRET')) {
          expect(secrets?.stringData?.[key], `${name} ${key} in its Secret`).toBeTruthy();
          continue;
        }
        expect(config[key], `${name} ${key}`).toBe(String(value));
      }
      const container = containerOf('Deployment', name);
      expect(container.ports!.map((p) => p.containerPort).sort()).toEqual(
        containerPorts(service)
          .filter((p) => name !== 'platform' || p === 4000)
          .sort(),
      );
      const health = service.healthcheck!.test.join(' ');
      expect(health).toContain(container.readinessProbe!.httpGet!.path);
    }
    expect(containerOf('Deployment', 'platform').command).toEqual(
      compose.services.platform!.command,
    );
    expect(containerOf('Deployment', 'redis').args).toEqual(compose.services.redis!.command);
    expect(containerOf('Deployment', 'redis').image).toBe(compose.services.redis!.image);
    const { images } = readKustomization() as unknown as {
      images: { name: string; newName: string; newTag: string }[];
    };
    const image = images.find((i) => i.name === containerOf('Deployment', 'gateway').image)!;
    expect(`${image.newName}:${image.newTag}`).toBe(compose.services.gateway!.image);
    const postgres = find(manifests, 'Secret', 'postgres').stringData!;
    expect(postgres.DATABASE_URL).toContain(`@postgres:5432/${postgres.POSTGRES_DB}`);
  });
});
