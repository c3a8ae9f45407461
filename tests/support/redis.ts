import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './nginx';

// Debian's redis-server on 127.0.0.1 and a free port, without persistence, for the tests that
// share state between gateway replicas (REDIS_URL). `port`: a given one (Redis that comes back
// where a gateway already looks for it).
export type TestRedis = { url: string; close(): Promise<void> };

export async function startRedis(port?: number): Promise<TestRedis> {
  port ??= await freePort();
  const child = spawn(
    process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 10_000;
  while (!(await answersPing(port))) {
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error('redis-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('error', () => resolve(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
  });
}
