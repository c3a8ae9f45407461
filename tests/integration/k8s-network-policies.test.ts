import { describe, expect, it } from 'vitest';
import { find, readManifests } from '../support/k8s-manifests';

// deploy/k8s/'s NetworkPolicies for the backing services (docs/decisions/0360): each admits its
// one client only, on its Service's port, and selects the pods its Service selects (the gateway's
// own, for the ingress controller and Prometheus, is gateway.yaml's).
const manifests = readManifests();

describe('deploy/k8s network policies', () => {
  it('lets each backing service be reached by its one client only, on its port', () => {
    type Policy = {
      podSelector: { matchLabels: Record<string, string> };
      policyTypes: string[];
      ingress: {
        from: { podSelector?: { matchLabels: Record<string, string> } }[];
        ports: { port: number }[];
      }[];
    };
    const NAME = 'app.kubernetes.io/name';
    const clients = { postgres: 'platform', redis: 'gateway', platform: 'gateway' };
    for (const [service, client] of Object.entries(clients)) {
      const policy = find(manifests, 'NetworkPolicy', service).spec as unknown as Policy;
      // It selects the service's own pods (the labels its Service selects).
      const selected = (find(manifests, 'Service', service).spec as { selector: object }).selector;
      expect(policy.podSelector.matchLabels, service).toEqual(selected);
      expect(policy.policyTypes).toEqual(['Ingress']);
      const ports = (find(manifests, 'Service', service).spec as { ports: { port: number }[] })
        .ports;
      expect(policy.ingress, service).toEqual([
        {
          from: [{ podSelector: { matchLabels: { [NAME]: client } } }],
          ports: [{ port: ports[0]!.port }],
        },
      ]);
      // And that client's pods carry the label it admits.
      const template = (
        find(manifests, 'Deployment', client).spec as {
          template: { metadata: { labels: Record<string, string> } };
        }
      ).template;
      expect(template.metadata.labels[NAME]).toBe(client);
    }
  });
});
