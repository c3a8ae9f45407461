import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as apps from 'kubernetes-models/apps/v1';
import * as autoscaling from 'kubernetes-models/autoscaling/v2';
import * as networking from 'kubernetes-models/networking.k8s.io/v1';
import * as policy from 'kubernetes-models/policy/v1';
import * as core from 'kubernetes-models/v1';
import { parseAllDocuments, parse } from 'yaml';
import { ROOT } from './compose-file';

// deploy/k8s/ as kubectl apply -k reads it: the kustomization's resources, every YAML document in
// them, and each checked against the Kubernetes OpenAPI schema of its apiVersion and kind with the
// models of the kubernetes-models package.
export const K8S_DIR = join(ROOT, 'deploy/k8s');

export type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  file: string;
};

export function readKustomization(): { resources: string[]; namespace?: string } {
  return parse(readFileSync(join(K8S_DIR, 'kustomization.yaml'), 'utf8')) as {
    resources: string[];
    namespace?: string;
  };
}

export function readManifests(): Manifest[] {
  return readKustomization().resources.flatMap((file) =>
    parseAllDocuments(readFileSync(join(K8S_DIR, file), 'utf8')).map((document) => {
      if (document.errors.length) throw new Error(`${file}: ${document.errors[0]!.message}`);
      return { ...(document.toJS() as Omit<Manifest, 'file'>), file };
    }),
  );
}

type Model = new (data: object) => { validate(): void };
const GROUPS = {
  v1: core,
  'apps/v1': apps,
  'autoscaling/v2': autoscaling,
  'networking.k8s.io/v1': networking,
  'policy/v1': policy,
} as unknown as Record<string, Record<string, Model | undefined> | undefined>;

/**
 * Throws with the schema's message when a manifest is not valid for its apiVersion and kind
 * (types, required fields, formats; like the schemas themselves it lets unknown fields pass).
 */
export async function validateManifest(manifest: Manifest): Promise<void> {
  const ModelClass = GROUPS[manifest.apiVersion]?.[manifest.kind];
  if (!ModelClass) throw new Error(`unknown kind ${manifest.apiVersion} ${manifest.kind}`);
  const { file, ...data } = manifest;
  void file;
  new ModelClass(data).validate();
}

export const find = (manifests: Manifest[], kind: string, name: string): Manifest => {
  const found = manifests.find((m) => m.kind === kind && m.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in deploy/k8s`);
  return found;
};
