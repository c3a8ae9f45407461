import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

// What an operator deploys for the gateway's metrics, as the tests that check it read it: the
// alert rules (deploy/prometheus/alerts.yml) and the Grafana dashboard's panel queries
// (deploy/grafana/storefront.json).
export type AlertRule = { alert: string; expr: string };
export type PanelQuery = { title: string; expr: string };

export function alertRules(): AlertRule[] {
  const file = parse(readFileSync('deploy/prometheus/alerts.yml', 'utf8')) as {
    groups: { rules: AlertRule[] }[];
  };
  return file.groups.flatMap((group) => group.rules);
}

/** Every query of every panel, with its panel's title. */
export function dashboardQueries(): PanelQuery[] {
  const { panels } = JSON.parse(readFileSync('deploy/grafana/storefront.json', 'utf8')) as {
    panels: { title: string; targets: { expr: string }[] }[];
  };
  return panels.flatMap((panel) => panel.targets.map(({ expr }) => ({ title: panel.title, expr })));
}
