import { describe, expect, it } from 'vitest';
import { forTerminal, logFormat } from './log-format';

const line = (fields: Record<string, unknown>) =>
  JSON.stringify({ level: 30, time: 1, pid: 1, hostname: 'h', cid: 'C', ...fields }) + '\n';

describe('logs on a terminal', () => {
  it('shows a request line as one sentence, its fields folded into the message', () => {
    const shown = JSON.parse(
      forTerminal(
        line({
          msg: 'request completed',
          method: 'GET',
          url: '/search/milk',
          statusCode: 200,
          responseTime: 12.3,
          route: 'search-results',
          upstreamService: 'catalogue',
          upstreamStatus: 200,
          upstreamCalls: 3,
          cache: 'subrequest:hit=2',
          traceId: 'ab',
        }),
      )!,
    ) as Record<string, unknown>;
    expect(shown.msg).toBe(
      'GET /search/milk 200 12.3 ms [search-results] catalogue 200 of 3 call(s) cache subrequest:hit=2',
    );
    expect(shown).not.toHaveProperty('url');
    expect(shown).toMatchObject({ cid: 'C', traceId: 'ab' });
  });

  it('leaves out what a page pulls in, answered without error, and other lines as they are', () => {
    const asset = { msg: 'request completed', method: 'GET', url: '/assets/app.js' };
    expect(forTerminal(line({ ...asset, statusCode: 200 }))).toBeNull();
    expect(forTerminal(line({ ...asset, statusCode: 404 }))).not.toBeNull();
    for (const url of [
      '/__manifest?paths=%2F',
      '/builds/latest.json',
      '/api/services/catalogue/api/v1/images/p/1.svg',
    ])
      expect(forTerminal(line({ ...asset, url, statusCode: 200 }))).toBeNull();
    const warning = line({ msg: 'circuit open: failing fast', service: 'cms' });
    expect(forTerminal(warning)).toBe(warning);
  });

  it('is chosen for a terminal unless LOG_FORMAT says otherwise', () => {
    expect(logFormat({}, true)).toBe('pretty');
    expect(logFormat({}, false)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'json' }, true)).toBe('json');
  });
});
