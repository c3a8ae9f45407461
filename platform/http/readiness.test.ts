import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/queryable';
import { registerReadiness } from './readiness';

// The platform's readiness on a database that answers, fails, or does not answer at all
// (tests/integration/platform-readiness.test.ts: on the real platform and its database).
const answering: Queryable = { query: async () => ({ rows: [] }) };
const failing: Queryable = {
  query: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:5432')),
};
const silent: Queryable = { query: () => new Promise(() => {}) };

async function readyz(db: Queryable, deadlineMs = 50) {
  const app = Fastify();
  registerReadiness(app, db, deadlineMs);
  const answer = await app.inject({ method: 'GET', url: '/readyz' });
  await app.close();
  return { status: answer.statusCode, body: answer.json() as unknown };
}

describe('GET /readyz', () => {
  it('is 200 while the database answers', async () => {
    expect(await readyz(answering)).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('is 503 with its reason when the database fails or does not answer in time', async () => {
    const unavailable = { status: 503, body: { status: 'database-unavailable' } };
    expect(await readyz(failing)).toEqual(unavailable);
    const started = Date.now();
    expect(await readyz(silent, 100)).toEqual(unavailable);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
