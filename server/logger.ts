/**
 * Structured logs: one JSON object per line on stdout. Callers pass facts (method, path without the
 * query, status, sizes, durations, key id) — never document content, query strings, codes or keys.
 */

/** Fields of one log line. */
export type LogFields = Readonly<Record<string, string | number | boolean | undefined>>;

/** Writes log lines. */
export interface Logger {
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

/** A JSON-lines logger writing to `write` (stdout by default). */
export function createJsonLogger(write: (line: string) => void = (l) => void process.stdout.write(l)): Logger {
  const emit = (level: string, msg: string, fields: LogFields = {}): void => {
    write(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }) + '\n');
  };
  return {
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
  };
}

/** A logger that drops everything (COLOPHON_LOG=off). */
export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A logger keeping lines in memory (tests inspect what would have been written). */
export function createMemoryLogger(): Logger & { readonly lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const push = (level: string) => (msg: string, fields: LogFields = {}) => void lines.push({ level, msg, ...fields });
  return { lines, info: push('info'), warn: push('warn'), error: push('error') };
}
