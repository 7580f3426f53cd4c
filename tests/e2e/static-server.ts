/**
 * A small HTTP server for the browser tests: serves the built playground (dist/playground) and
 * records what reaches POST /v1/collect (answered 202, like the service's telemetry ingest).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built playground folder. */
export const PLAYGROUND_DIR = fileURLToPath(new URL('../../dist/playground', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.json': 'application/json',
  '.map': 'application/json', '.ttf': 'font/ttf', '.otf': 'font/otf', '.txt': 'text/plain; charset=utf-8', '.wasm': 'application/wasm',
};

/** One request received by /v1/collect. */
export interface CollectedRequest {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A running test server. */
export interface TestServer {
  readonly url: string;
  readonly collected: CollectedRequest[];
  /** Paths requested so far (to prove the page was served from the service worker's cache). */
  readonly served: string[];
  close(): Promise<void>;
}

/** Starts the server on a free port of 127.0.0.1. */
export async function startTestServer(dir = PLAYGROUND_DIR): Promise<TestServer> {
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`${dir} has no build: run \`npm run build\` first.`);
  const collected: CollectedRequest[] = [];
  const served: string[] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    if (path === '/v1/collect') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.method === 'POST') collected.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(req.method === 'POST' ? 202 : 405).end();
      });
      return;
    }
    served.push(path);
    const file = normalize(join(dir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(dir + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    collected,
    served,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
