// Why the platform could not start, in words that name the setting to change. An operator reads
// one line and fixes the setting: a stack trace of pg-pool or node:net said neither which setting
// nor what to do (a wrong or unreachable DATABASE_URL, a port taken). main.ts prints the message
// of a StartFailure alone and exits 1; any other error is a fault of the code and keeps its stack.

export class StartFailure extends Error {}

const codeOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The database URL without its password, to be printed. */
export function shownDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.href;
  } catch {
    return '(not a URL)';
  }
}

/** DATABASE_URL's server could not be reached or refused the connection. */
export function databaseFailure(error: unknown, databaseUrl: string): StartFailure {
  const at = `the PostgreSQL server of DATABASE_URL (${shownDatabaseUrl(databaseUrl)})`;
  const cause = messageOf(error);
  // Node's network codes, then PostgreSQL's SQLSTATE: 3D000 no such database, 28xxx the login.
  switch (codeOf(error)) {
    case 'ECONNREFUSED':
      return new StartFailure(
        `The platform did not start: ${at} refused the connection: is PostgreSQL running there, on that port? (${cause})`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartFailure(
        `The platform did not start: ${at} is on a host this machine does not resolve. Check the host in DATABASE_URL. (${cause})`,
      );
    case '3D000':
      return new StartFailure(
        `The platform did not start: the database of DATABASE_URL (${shownDatabaseUrl(databaseUrl)}) does not exist on its server: create it, empty (the platform migrates and seeds it). (${cause})`,
      );
    case '28000':
    case '28P01':
      return new StartFailure(
        `The platform did not start: ${at} refused its user or password: check them in DATABASE_URL. (${cause})`,
      );
    default:
      return new StartFailure(`The platform did not start: connecting to ${at} failed: ${cause}`);
  }
}

/** Where a server of the platform was told to listen, and the settings that say so. */
export type ListenAt = { port: number; host: string; portSetting: string; hostSetting: string };

/**
 * A listener (the platform's, or the demo provider's) could not listen: the setting to change, or
 * the error itself when its cause is none of them.
 */
export function listenFailure(error: unknown, at: ListenAt): unknown {
  const where = `port ${at.port} (${at.portSetting}) on ${at.host} (${at.hostSetting})`;
  switch (codeOf(error)) {
    case 'EADDRINUSE':
      return new StartFailure(
        `The platform did not start: ${where} is already in use by another process (another platform?). Stop it, or set another ${at.portSetting}.`,
      );
    case 'EACCES':
      return new StartFailure(
        `The platform did not start: it may not listen on ${where} (ports below 1024 need privileges). Set a ${at.portSetting} from 1024.`,
      );
    case 'EADDRNOTAVAIL':
      return new StartFailure(
        `The platform did not start: ${at.host} (${at.hostSetting}) is not an address of this machine. Set ${at.hostSetting} to one of its addresses, or 0.0.0.0 for all.`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartFailure(
        `The platform did not start: ${at.host} (${at.hostSetting}) is not a name this machine resolves. Set ${at.hostSetting} to an address, or 0.0.0.0 for all.`,
      );
    default:
      return error;
  }
}

/** DATA_DIR cannot be made or is not a directory. */
export function dataDirFailure(error: unknown, dataDir: string): StartFailure {
  return new StartFailure(
    `The platform did not start: DATA_DIR (${dataDir}) cannot be its data directory: ${messageOf(error)}. Set DATA_DIR to a directory it may write, or DATABASE_URL.`,
  );
}
