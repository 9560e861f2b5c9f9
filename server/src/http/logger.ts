/** A structured log record: flat JSON-friendly fields. Never put keys or message text in one. */
export type LogRecord = Record<string, string | number | boolean | null | undefined>;

/** Where the server writes its log lines. Inject {@link silentLogger} in tests. */
export interface Logger {
  info(record: LogRecord): void;
  error(record: LogRecord): void;
}

/**
 * Writes one JSON object per line, with a `time` and a `level`: `info` to stdout, `error` to
 * stderr, ready for any log collector.
 */
export function createJsonLogger(
  output: { stdout: { write(line: string): unknown }; stderr: { write(line: string): unknown } } = process,
): Logger {
  const write = (stream: { write(line: string): unknown }, level: string, record: LogRecord) =>
    stream.write(`${JSON.stringify({ time: new Date().toISOString(), level, ...record })}\n`);
  return {
    info: (record) => write(output.stdout, 'info', record),
    error: (record) => write(output.stderr, 'error', record),
  };
}

/** A logger that drops everything, so tests stay quiet. */
export const silentLogger: Logger = { info() {}, error() {} };
