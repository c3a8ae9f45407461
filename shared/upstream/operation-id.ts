// The operationId of a platform operation, the same in the platform's /openapi.json and in the
// upstream contract: the service's tag, the method, then the path after the service's prefix,
// `{id}` read as `ById` (`catalogueGetProductsByIdRelated`; docs/decisions/0230).
export function operationIdOf(method: string, path: string, tag: string): string {
  const rest = path.replace(/^\/api\/services\/[^/]+\/api\/v1/, '').replace(/^\/cms-api/, '');
  const words = [...tag.split('-'), method.toLowerCase()];
  for (const segment of rest.split('/').filter(Boolean)) {
    const param = /^\{(\w+)\}$/.exec(segment);
    if (param) words.push('by', param[1]!);
    else words.push(...segment.split(/[^A-Za-z0-9]+/));
  }
  return words
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1)))
    .join('');
}
