// npm start's listening ports, read by the rule the gateway and the platform read them with
// (shared/env-numbers.ts's listeningPort), so that scripts/start.mjs refuses what they would refuse,
// in their words, before it builds or starts anything: PORT=0 passed start.mjs's checks, the
// platform started, then the shop stopped on the gateway's configuration error.
const { listeningPort } = await importTypeScript('../shared/env-numbers.ts');

/**
 * Node strips the types itself (22.18+, 23.6+); an older Node reads the file through tsx, a dev
 * dependency as the build that npm start may run is.
 */
async function importTypeScript(path) {
  const url = new URL(path, import.meta.url).href;
  if (process.features.typescript) return import(url);
  const { tsImport } = await import('tsx/esm/api');
  return tsImport(url, import.meta.url);
}

// Each port's process (as its configuration error names it) and default.
const OWNERS = {
  PORT: ['gateway', 3000],
  PLATFORM_PORT: ['platform', 4000],
  IDP_PORT: ['identity provider', 4001],
};

/**
 * The ports `names` of `env` as numbers (empty or unset: the default), and for each bad one the
 * message its process would stop with.
 */
export function listeningPorts(env, names) {
  const ports = {};
  const problems = [];
  for (const name of names) {
    const [owner, fallback] = OWNERS[name];
    const parsed = listeningPort(fallback).safeParse(env[name]);
    if (parsed.success) ports[name] = parsed.data;
    else {
      const lines = parsed.error.issues.map((issue) => `  ${name}: ${issue.message}`);
      problems.push(`Invalid ${owner} configuration:\n${lines.join('\n')}`);
    }
  }
  return { ports, problems };
}
