/**
 * The server process: configuration from the environment (plus overrides from the command line),
 * start, and shutdown on SIGINT/SIGTERM after in-flight requests finish. Bundled as dist/server.js
 * (`node dist/server.js` runs it; `npm start` and `colophon serve` call runServer).
 */
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readConfig, type ServerConfig } from './config';
import { startServer, type ServerHandle } from './start';

/** Where the output goes. */
export interface RunIo {
  readonly stderr: (text: string) => void;
}

/** The built playground (dist/playground) when it exists, from the source tree or from dist/. */
export function findPlaygroundDir(): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const dir of [join(here, 'playground'), join(here, '..', 'dist', 'playground')]) {
    if (existsSync(join(dir, 'index.html'))) return dir;
  }
  return undefined;
}

/**
 * Runs the server until `stop` resolves (default: SIGINT or SIGTERM); returns the exit code
 * (2 for a configuration error, 1 when it cannot start).
 */
export async function runServer(overrides: Partial<ServerConfig>, io: RunIo, stop?: Promise<unknown>, onStarted?: (h: ServerHandle) => void): Promise<number> {
  const { config, issues } = readConfig(process.env, overrides);
  if (issues.length > 0) {
    for (const i of issues) io.stderr(`colophon serve: ${i.variable} ${i.issue}\n`);
    return 2;
  }
  const playgroundDir = config.playgroundDir ?? findPlaygroundDir();
  let handle: ServerHandle;
  try {
    handle = await startServer({ ...config, ...(playgroundDir ? { playgroundDir } : {}) });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    io.stderr(`colophon serve: cannot start: ${err.code === 'EADDRINUSE' ? `port ${config.port} is in use (set PORT)` : err.message}\n`);
    return 1;
  }
  io.stderr(`Colophon is serving /v1 on ${handle.url}${playgroundDir ? ` and the playground on ${handle.url}/` : ''} (data: ${config.dataDir}${config.smtpUrl ? '' : `; codes go to ${join(config.dataDir, 'outbox')}`})\n`);
  onStarted?.(handle);
  await (stop ?? signalled());
  await handle.close();
  return 0;
}

function signalled(): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve();
    };
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
}

function isMainModule(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(entry)).href;
  } catch {
    return false;
  }
}

if (isMainModule()) {
  process.exitCode = await runServer({}, { stderr: (t) => process.stderr.write(t) });
}
