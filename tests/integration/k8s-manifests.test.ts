import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLOSE_DELAY_MS } from '../../platform/close-delay';
import { READY_DEADLINE_MS } from '../../platform/http/readiness';
import { loadShopOrigins } from '../../platform/shop-origins';
import { containerPorts, readCompose, ROOT, seconds } from '../support/compose-file';
import {
  find,
  readKustomization,
  readManifests,
  validateManifest,
  type Manifest,
} from '../support/k8s-manifests';
import {
  annotationOf,
  DEFAULT_TRIES,
  ingressesOf,
  servingIngress,
  specOf,
  triesOf,
} from '../support/ingress-nginx';

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

  it('keeps the platform serving until it is out of the Service, then lets it close', () => {
    // A rollout (maxSurge) starts the new platform beside the old one, on the same database. The
    // old one was sent SIGTERM as it left the Service's endpoints and closed its port at once,
    // while kube-proxy still sent it new connections: the gateways' calls then were refused (a
    // 502: the proxy asks again after a 503 only). As the gateway's: a preStop wait first.
    const platform = containerOf('Deployment', 'platform');
    const preStop = platform.lifecycle?.preStop?.exec?.command ?? [];
    expect(preStop[0]).toBe('sleep');
    const gatewayPreStop = containerOf('Deployment', 'gateway').lifecycle!.preStop!.exec!.command;
    expect(Number(preStop[1])).toBe(Number(gatewayPreStop[1]));
    const grace = podOf(find(manifests, 'Deployment', 'platform')).terminationGracePeriodSeconds!;
    // preStop, then its close (close-with-grace's delay), then a margin of at least 5 s.
    expect(grace - Number(preStop[1]) - CLOSE_DELAY_MS / 1000).toBeGreaterThanOrEqual(5);
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

  // ingress-nginx (docs/decisions/0349): the Ingress had no rules, only spec.defaultBackend, and a
  // tls entry without hosts. That configures the controller's catch-all server, whose certificate
  // is the controller's own ("Kubernetes Ingress Controller Fake Certificate"): storefront-tls
  // was never served, and cert-manager issues none for a tls entry without hosts.
  const shopHosts = () =>
    Object.values(loadShopOrigins(find(manifests, 'ConfigMap', 'platform').data!))
      .map((origin) => new URL(origin).hostname)
      .sort();

  it("serves the hosts of the platform's SHOP_ORIGINS, each with the shop's certificate", () => {
    const main = find(manifests, 'Ingress', 'storefront');
    const { rules = [], tls = [], defaultBackend } = specOf(main);
    expect(defaultBackend).toBeUndefined();
    expect(rules.map((rule) => rule.host).sort()).toEqual(shopHosts());
    for (const rule of rules)
      expect(rule.http.paths).toContainEqual({
        path: '/',
        pathType: 'Prefix',
        backend: { service: { name: 'gateway', port: { name: 'http' } } },
      });
    const certified = tls.filter((entry) => entry.secretName).flatMap((entry) => entry.hosts ?? []);
    expect(certified.sort()).toEqual(shopHosts());
    // Every other Ingress adds paths to those hosts: none opens a catch-all or another host.
    for (const ingress of ingressesOf(manifests)) {
      expect(specOf(ingress).defaultBackend, ingress.metadata.name).toBeUndefined();
      for (const rule of specOf(ingress).rules ?? []) expect(shopHosts()).toContain(rule.host);
    }
  });

  it.each([
    '/api/services/booking-ms/bookings/cart/copyBookingToCart',
    '/api/services/booking-ms/bookings/cart/copybookingtocart',
    '/api/services/booking-ms/bookings/cart/COPYBOOKINGTOCART?bookingId=1',
    '/api/services/booking-ms/bookings/cart/copyBookingToCart/',
    '/api/services/booking-ms/bookings/cart/copyBookingTo%43art',
  ])('never passes %s to a second replica (the GET that copies into the cart)', (target) => {
    // The compose balancer's rule (deploy/nginx-proxy.conf, docs/decisions/0327): ingress-nginx
    // passed it, as every GET, to up to three replicas on a connection error or timeout.
    for (const host of shopHosts()) {
      const ingress = servingIngress(manifests, host, target);
      expect(ingress, `${host} ${target}`).toBeDefined();
      expect(triesOf(ingress!), `${host} ${target}`).toBe(1);
    }
  });

  it('still retries other requests once elsewhere, with the same proxy settings', () => {
    const main = find(manifests, 'Ingress', 'storefront');
    for (const host of shopHosts())
      for (const target of ['/', '/api/services/booking-ms/bookings/cart', '/search?q=cart'])
        expect(servingIngress(manifests, host, target)?.metadata.name).toBe('storefront');
    // As the compose balancer: once to another replica (ingress-nginx's default: two others).
    const composeTries = /^proxy_next_upstream_tries (\d+);/m.exec(
      readFileSync(join(ROOT, 'deploy/nginx-proxy.conf'), 'utf8'),
    )![1];
    expect(triesOf(main)).toBe(Number(composeTries));
    expect(triesOf(main)).toBeLessThan(DEFAULT_TRIES);
    // Annotations are per Ingress: the copy's answer (a renewed session's cookies) needs the
    // same body size, head buffer and timeout as every other.
    const proxySettings = (ingress: typeof main) =>
      ['proxy-body-size', 'proxy-read-timeout', 'proxy-buffer-size'].map((name) =>
        annotationOf(ingress, name),
      );
    for (const ingress of ingressesOf(manifests))
      expect(proxySettings(ingress), ingress.metadata.name).toEqual(proxySettings(main));
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
