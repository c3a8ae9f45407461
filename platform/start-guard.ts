import { setImmediate as nextTurn } from 'node:timers/promises';

// SIGINT, SIGTERM or SIGHUP while the platform starts (opening, migrating and seeding a new
// DATA_DIR takes seconds) stops the start between two of its steps, instead of ending the process
// wherever it is (docs/decisions/0367). The step under way finishes: PGlite holds the event loop
// while it works, so a signal is only seen between steps, and each migration and each seed module
// is one transaction. Then what the start opened is closed, newest first (the database: PGlite
// shuts down cleanly), and the process exits 0, as a stop once running does. A second signal exits
// 1 at once, and so does a stop that outlasts the close delay: close-with-grace's rules, whose own
// handler takes over when the start is done (./main.ts). A start that fails closes what it opened
// the same way before it exits 1 (docs/decisions/0374).

/** The start's log lines (pino's signature). */
export type StartLog = {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
};

/** What the guard listens to and ends: the process, or a stand-in in tests. */
export type GuardedProcess = {
  on(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
  off(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
  exit(code: number): never;
};

/** Thrown by a checkpoint once a signal came: the start goes no further. */
export class StoppedWhileStarting extends Error {
  constructor(
    readonly signal: NodeJS.Signals,
    readonly before: string,
  ) {
    super(`${signal} while starting, before ${before}`);
    this.name = 'StoppedWhileStarting';
  }
}

export type StartGuard = {
  /**
   * Awaited before the step named `next`: lets a signal that came meanwhile be seen, then throws
   * StoppedWhileStarting if one did.
   */
  checkpoint(next: string): Promise<void>;
  /** Something a stop must close (the database), closed newest first. */
  opened(close: () => Promise<void> | void): void;
  /** The start is done: the guard stops listening, for the running process's handler. */
  done(): void;
  /** After StoppedWhileStarting: closes what was opened, logs, and exits 0 (1 if a close failed). */
  stop(stopped: StoppedWhileStarting): Promise<never>;
  /**
   * After a start that failed (a setting, a fault): closes what was opened, newest first, as a
   * stop does, each even if one before failed (logged). The caller then says why and exits 1.
   */
  closeOpened(): Promise<void>;
};

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

export function guardStart(
  log: StartLog,
  options: { delay: number; process?: GuardedProcess },
): StartGuard {
  const target: GuardedProcess = options.process ?? process;
  const closes: (() => Promise<void> | void)[] = [];
  let signalled: NodeJS.Signals | null = null;

  const onSecondSignal = (signal: NodeJS.Signals) => {
    log.error({ signal }, 'second signal while stopping the start: exiting at once');
    target.exit(1);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    signalled = signal;
    for (const name of SIGNALS) {
      target.off(name, onSignal);
      target.on(name, onSecondSignal);
    }
    log.info({ signal }, 'stopping while starting: the step under way finishes first');
    // The timer runs only when the event loop is free: a step holding it is waited for.
    setTimeout(() => {
      log.error({ delay: options.delay }, 'the stop while starting took too long: exiting');
      target.exit(1);
    }, options.delay).unref();
  };
  for (const name of SIGNALS) target.on(name, onSignal);

  return {
    async checkpoint(next) {
      // A signal is handled in the event loop's poll phase, which a chain of promises never
      // reaches: one turn of the loop lets a pending one in.
      await nextTurn();
      if (signalled) throw new StoppedWhileStarting(signalled, next);
    },
    opened(close) {
      closes.push(close);
    },
    done() {
      for (const name of SIGNALS) {
        target.off(name, onSignal);
        target.off(name, onSecondSignal);
      }
    },
    async stop(stopped) {
      try {
        for (const close of closes.splice(0).reverse()) await close();
      } catch (error) {
        log.error({ err: error }, 'closing after a stop while starting failed');
        return target.exit(1);
      }
      log.info({ signal: stopped.signal, before: stopped.before }, 'stopped while starting');
      return target.exit(0);
    },
    async closeOpened() {
      const opened = closes.splice(0).reverse();
      for (const close of opened) {
        try {
          await close();
        } catch (error) {
          log.error({ err: error }, 'closing after a failed start failed');
        }
      }
      if (opened.length > 0)
        log.info({ closed: opened.length }, 'start failed: closed what it opened');
    },
  };
}
