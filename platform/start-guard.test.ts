import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { guardStart, StoppedWhileStarting, type GuardedProcess } from './start-guard';

// A signal while the platform starts stops it between two steps: what it opened is closed newest
// first, and it exits 0; a second signal, a failed close or a stop that outlasts the delay exit 1
// (docs/decisions/0367). A start that fails closes what it opened the same way (0374). The process is a stand-in here: the real one is in
// tests/integration/platform-stop-while-starting.test.ts.
function standIn() {
  const signals = new EventEmitter();
  const exits: number[] = [];
  const process: GuardedProcess = {
    on: (signal, listener) => signals.on(signal, listener),
    off: (signal, listener) => signals.off(signal, listener),
    exit: (code) => {
      exits.push(code);
      return undefined as never;
    },
  };
  const lines: { level: string; fields: object; message: string }[] = [];
  const log = {
    info: (fields: object, message: string) => lines.push({ level: 'info', fields, message }),
    error: (fields: object, message: string) => lines.push({ level: 'error', fields, message }),
  };
  const send = (signal: NodeJS.Signals) => signals.emit(signal, signal);
  const listening = () => ['SIGINT', 'SIGTERM', 'SIGHUP'].map((s) => signals.listenerCount(s));
  return { process, exits, lines, log, send, listening };
}

describe('guardStart', () => {
  it('lets the start go on until a signal, then stops it at the next step', async () => {
    const { process, log, lines, send } = standIn();
    const start = guardStart(log, { delay: 10_000, process });
    await expect(start.checkpoint('migration 001_core.sql')).resolves.toBeUndefined();
    send('SIGTERM');
    expect(lines).toEqual([
      {
        level: 'info',
        fields: { signal: 'SIGTERM' },
        message: 'stopping while starting: the step under way finishes first',
      },
    ]);
    const stopped = await start.checkpoint('migration 002_catalogue.sql').catch((e: unknown) => e);
    expect(stopped).toBeInstanceOf(StoppedWhileStarting);
    expect(stopped).toMatchObject({ signal: 'SIGTERM', before: 'migration 002_catalogue.sql' });
  });

  it('closes what the start opened, newest first, and exits 0', async () => {
    const { process, log, lines, send, exits } = standIn();
    const start = guardStart(log, { delay: 10_000, process });
    const closed: string[] = [];
    start.opened(async () => {
      closed.push('database');
    });
    start.opened(() => {
      closed.push('app');
    });
    send('SIGINT');
    await start.stop(new StoppedWhileStarting('SIGINT', 'listening'));
    expect(closed).toEqual(['app', 'database']);
    expect(exits).toEqual([0]);
    expect(lines.at(-1)).toEqual({
      level: 'info',
      fields: { signal: 'SIGINT', before: 'listening' },
      message: 'stopped while starting',
    });
  });

  it('exits 1 when a close fails', async () => {
    const { process, log, lines, send, exits } = standIn();
    const start = guardStart(log, { delay: 10_000, process });
    start.opened(() => Promise.reject(new Error('the database would not close')));
    send('SIGTERM');
    await start.stop(new StoppedWhileStarting('SIGTERM', 'seed catalogue'));
    expect(exits).toEqual([1]);
    expect(lines.at(-1)).toMatchObject({
      level: 'error',
      message: 'closing after a stop while starting failed',
    });
  });

  it('closes what a failed start opened, newest first, each one though one fails', async () => {
    const { process, log, lines, exits } = standIn();
    const start = guardStart(log, { delay: 10_000, process });
    const closed: string[] = [];
    start.opened(() => void closed.push('lock'));
    start.opened(() => void closed.push('held port'));
    start.opened(() => Promise.reject(new Error('the database would not close')));
    start.opened(() => void closed.push('app'));
    await start.closeOpened();
    expect(closed).toEqual(['app', 'held port', 'lock']);
    expect(lines).toEqual([
      {
        level: 'error',
        fields: { err: new Error('the database would not close') },
        message: 'closing after a failed start failed',
      },
      { level: 'info', fields: { closed: 4 }, message: 'start failed: closed what it opened' },
    ]);
    // The caller exits, with the reason; nothing is closed twice.
    expect(exits).toEqual([]);
    await start.closeOpened();
    expect(closed).toHaveLength(3);
  });

  it('exits 1 at once on a second signal', () => {
    const { process, log, lines, send, exits } = standIn();
    guardStart(log, { delay: 10_000, process });
    send('SIGTERM');
    expect(exits).toEqual([]);
    send('SIGINT');
    expect(exits).toEqual([1]);
    expect(lines.at(-1)).toMatchObject({ level: 'error', fields: { signal: 'SIGINT' } });
  });

  it('exits 1 when the stop outlasts the delay', async () => {
    const { process, log, lines, send, exits } = standIn();
    guardStart(log, { delay: 20, process });
    send('SIGHUP');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(exits).toEqual([1]);
    expect(lines.at(-1)).toMatchObject({
      level: 'error',
      message: 'the stop while starting took too long: exiting',
    });
  });

  it('listens no more once the start is done', async () => {
    const { process, log, lines, send, exits, listening } = standIn();
    const start = guardStart(log, { delay: 10_000, process });
    expect(listening()).toEqual([1, 1, 1]);
    start.done();
    expect(listening()).toEqual([0, 0, 0]);
    send('SIGTERM');
    await expect(start.checkpoint('listening')).resolves.toBeUndefined();
    expect(exits).toEqual([]);
    expect(lines).toEqual([]);
  });
});
