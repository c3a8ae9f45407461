import { describe, expect, it } from 'vitest';
import { isManifestRead } from './route-manifest';

describe('isManifestRead', () => {
  it('is a GET or HEAD of the manifest path, whatever its query', () => {
    expect(isManifestRead('GET', '/__manifest?paths=%2Forders&version=abc')).toBe(true);
    expect(isManifestRead('HEAD', '/__manifest')).toBe(true);
    expect(isManifestRead('GET', '/__manifest?')).toBe(true);
  });

  it('is nothing else: other methods, paths that only start or end like it', () => {
    expect(isManifestRead('POST', '/__manifest?paths=%2Forders')).toBe(false);
    expect(isManifestRead('GET', '/__manifest/x')).toBe(false);
    expect(isManifestRead('GET', '/__manifest.data')).toBe(false);
    expect(isManifestRead('GET', '/x/__manifest')).toBe(false);
    expect(isManifestRead('GET', '/__MANIFEST')).toBe(false);
  });
});
