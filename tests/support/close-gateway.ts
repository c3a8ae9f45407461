import type { FastifyInstance } from 'fastify';

/**
 * Closes a listening gateway as its own shutdown does (server/main.ts): answers still being
 * written finish first. Node closes only the connections idle when close() starts; one whose
 * answer ends later (a streamed page whose body the test never read) would stay open until its
 * keep-alive timeout, past the test's hook timeout.
 */
export async function closeGateway(gateway: FastifyInstance): Promise<void> {
  await gateway.drained(10_000);
  await gateway.close();
}
