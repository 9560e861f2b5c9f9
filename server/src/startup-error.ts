/**
 * A reason the server cannot start that the person starting it can fix. Its message is one line
 * saying what is wrong and what to do; `docent-server` prints it alone, without a stack trace.
 *
 * @example throw new StartupError('Port 4173 is already in use; stop the other server, or start with PORT=4174.')
 */
export class StartupError extends Error {
  override readonly name: string = 'StartupError';
}

/** Errors of other modules whose message is already one line with the fix, by class name. */
const oneLineErrorNames = new Set(['DocsFolderError', 'BuiltSiteError', 'DataFolderLockedError', 'DatabaseNewerThanCodeError']);

/** Where the server was starting, for messages that name it. */
export interface StartupSite {
  host?: string;
  port?: number;
  /** The data folder (SQLite file, parse cache). */
  dataDir?: string;
}

type SystemError = Error & { code?: unknown; syscall?: unknown; path?: unknown };

const dataFolderHint = 'set DOCENT_DATA_DIR (or dataDir in docent.config.json) to a writable folder';

/**
 * Turns a system or SQLite error met while starting into a {@link StartupError} saying what to do:
 * a port in use or reserved, a host that is not this machine's, a data folder that is read-only,
 * full or not a folder. `undefined` for anything else.
 */
export function startupErrorFrom(error: unknown, site: StartupSite): StartupError | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, syscall } = error as SystemError;
  const port = site.port ?? '?';
  const folder = site.dataDir ?? (typeof (error as SystemError).path === 'string' ? String((error as SystemError).path) : 'the data folder');
  if (syscall === 'listen' || syscall === 'bind') {
    if (code === 'EADDRINUSE') {
      return new StartupError(`Port ${port} on ${site.host ?? 'this machine'} is already in use (another Docent server or program listens there); stop it, or start with another port, e.g. PORT=${Number(port) + 1 || 4174}.`);
    }
    if (code === 'EACCES' || code === 'EPERM') {
      return new StartupError(`Port ${port} needs administrator rights on this machine; start with a port above 1023, e.g. PORT=4173.`);
    }
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      return new StartupError(`HOST ${site.host ?? ''} is not an address of this machine; start with HOST=127.0.0.1 (this machine only) or HOST=0.0.0.0 (every interface).`);
    }
    return undefined;
  }
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL') {
    return new StartupError(`The disk holding the data folder ${folder} is full; free some space, or ${dataFolderHint}.`);
  }
  if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM' || code === 'SQLITE_READONLY' || code === 'SQLITE_CANTOPEN') {
    return new StartupError(`The data folder ${folder} is read-only or cannot be written by this user; make it writable, or ${dataFolderHint}.`);
  }
  if (code === 'ENOTDIR' || code === 'EEXIST') {
    return new StartupError(`The data folder ${folder} is not a folder (a file is in the way); remove the file, or ${dataFolderHint}.`);
  }
  return undefined;
}

/**
 * The one line `docent-server` prints when it cannot start: the message of a
 * {@link StartupError}, a configuration error or another error known to say what to do (a
 * multi-line configuration error is joined with "; "), else the error's first line with a hint.
 */
export function startupFailureLine(error: unknown): string {
  if (!(error instanceof Error)) return `Docent could not start: ${String(error)}`;
  if (error instanceof StartupError || error.name === 'ConfigError' || oneLineErrorNames.has(error.name)) {
    // "Invalid config file x:\n  field: problem\n  other: problem" → one line.
    return error.message.replace(/:\s*\n\s*/, ': ').replace(/\s*\n\s*/g, '; ');
  }
  const firstLine = error.message.split('\n')[0] ?? '';
  return `Docent could not start: ${error.name}: ${firstLine} (this is unexpected; please report it with the command you ran)`;
}
