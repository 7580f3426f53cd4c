/**
 * `colophon serve`: the /v1 HTTP service (the same server as `npm start`), configured by
 * environment variables with command-line overrides for the common ones.
 */
import { resolve } from 'node:path';
import type { ServerConfig } from '../../server/config';
import { runServer } from '../../server/node-main';
import { parseArgs, type ArgSpec } from '../args';
import { EXIT, type CliCommand } from '../io';

const SPEC: ArgSpec = { flags: { help: 'boolean', port: 'string', host: 'string', 'data-dir': 'string', playground: 'string', workers: 'string' }, aliases: { h: 'help', p: 'port' } };

const HELP = `Usage: colophon serve [--port N] [--host ADDR] [--data-dir DIR] [--workers N] [--playground DIR]

Serves the /v1 API (../README.md "HTTP service") and, when built, the playground. Stop with Ctrl-C:
in-flight requests finish first.

  --port N          listen port (default $PORT or 8787)
  --host ADDR       interface (default $HOST or 127.0.0.1; 0.0.0.0 for all)
  --data-dir DIR    database, development outbox and signing identity (default $COLOPHON_DATA_DIR or ./data)
  --workers N       engine worker threads (default: the number of cores)
  --playground DIR  serve this folder at / (default dist/playground when it exists)

Other settings (SMTP_URL, limits) come from environment variables; see the README.
`;

/** Parses the serve options into configuration overrides, or returns a usage error. */
export function serveOverrides(argv: readonly string[]): { ok: true; value: Partial<ServerConfig>; help: boolean } | { ok: false; error: string } {
  const args = parseArgs(argv, SPEC);
  if (!args.ok) return args;
  const f = args.value.flags;
  if (args.value.positional.length > 0) return { ok: false, error: `unexpected argument '${args.value.positional[0]}'.` };
  const num = (name: string, max: number): number | undefined | string => {
    const v = f[name];
    if (v === undefined) return undefined;
    const n = Number(v);
    return Number.isInteger(n) && n >= 0 && n <= max ? n : `--${name} must be an integer from 0 to ${max}.`;
  };
  const port = num('port', 65535);
  const workers = num('workers', 256);
  if (typeof port === 'string') return { ok: false, error: port };
  if (typeof workers === 'string' || workers === 0) return { ok: false, error: typeof workers === 'string' ? workers : '--workers must be at least 1.' };
  const value: Partial<ServerConfig> = {
    ...(port !== undefined ? { port } : {}),
    ...(workers !== undefined ? { workers, ...(process.env.COLOPHON_QUEUE_SIZE ? {} : { queueSize: workers * 8 }) } : {}),
    ...(typeof f.host === 'string' ? { host: f.host } : {}),
    ...(typeof f['data-dir'] === 'string' ? { dataDir: resolve(f['data-dir']) } : {}),
    ...(typeof f.playground === 'string' ? { playgroundDir: resolve(f.playground) } : {}),
  };
  return { ok: true, value, help: f.help === true };
}

/** Runs the serve command until SIGINT or SIGTERM. */
export const runServe: CliCommand = async (argv, io) => {
  const parsed = serveOverrides(argv);
  if (!parsed.ok) {
    io.stderr(`colophon serve: ${parsed.error}\n\n${HELP}`);
    return EXIT.usage;
  }
  if (parsed.help) {
    io.stdout(HELP);
    return EXIT.ok;
  }
  return runServer(parsed.value, { stderr: io.stderr });
};
