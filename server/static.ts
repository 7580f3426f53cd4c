/**
 * Serves the built playground (dist/playground) next to /v1: index.html revalidated on every load,
 * Vite's content-hashed assets cached for a year, correct content types, no path escapes.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Hono } from 'hono';
import type { AppEnv } from './context';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=UTF-8', '.js': 'text/javascript; charset=UTF-8', '.mjs': 'text/javascript; charset=UTF-8', '.css': 'text/css; charset=UTF-8',
  '.json': 'application/json; charset=UTF-8', '.map': 'application/json; charset=UTF-8', '.wasm': 'application/wasm', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.ico': 'image/x-icon', '.webp': 'image/webp',
  '.ttf': 'font/ttf', '.otf': 'font/otf', '.woff': 'font/woff', '.woff2': 'font/woff2', '.txt': 'text/plain; charset=UTF-8', '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', '.pdf': 'application/pdf',
};

/** Content type by file extension. */
export function contentTypeOf(path: string): string {
  return TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** Cache policy: hashed build assets are immutable; everything else is revalidated. */
export function cacheControlOf(urlPath: string): string {
  return /^\/assets\/.+[-.][A-Za-z0-9_-]{8,}\.\w+$/.test(urlPath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Mounts GET/HEAD for the playground folder (and the shipped fonts at /fonts/ unless the build has its own). */
export function mountStatic(app: Hono<AppEnv>, root: string, fontsDir?: string): void {
  const base = resolve(root);
  const serve = (dir: string, rel: string, ifNoneMatch: string | undefined): Response | undefined => {
    const file = normalize(join(dir, rel));
    if (file !== dir && !file.startsWith(dir + sep)) return undefined;
    if (!existsSync(file)) return undefined;
    const st = statSync(file);
    if (!st.isFile()) return undefined;
    const etag = `W/"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
    // Cross-origin isolation lets the playground share a cancel flag (SharedArrayBuffer) with its worker.
    const headers = {
      'Content-Type': contentTypeOf(file), 'Cache-Control': cacheControlOf('/' + rel.replace(/\\/g, '/')), ETag: etag, 'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp', 'Cross-Origin-Resource-Policy': 'same-origin',
    };
    if (ifNoneMatch === etag) return new Response(null, { status: 304, headers });
    const data = readFileSync(file);
    return new Response(data, { headers: { ...headers, 'Content-Length': String(data.length) } });
  };
  app.on(['GET', 'HEAD'], '*', (c, next) => {
    const path = c.req.path;
    if (path.startsWith('/v1/') || path === '/v1') return next();
    let rel: string;
    try {
      rel = decodeURIComponent(path).replace(/^\/+/, '');
    } catch {
      return next();
    }
    if (rel.includes('\0') || rel.split(/[\\/]/).includes('..')) return next();
    const etag = c.req.header('if-none-match');
    const hit = serve(base, rel === '' ? 'index.html' : rel, etag) ?? (fontsDir && rel.startsWith('fonts/') ? serve(resolve(fontsDir), rel.slice(6), etag) : undefined);
    if (hit) return Promise.resolve(hit);
    // Client-side routes (no extension) get the app shell.
    if (!extname(rel)) return Promise.resolve(serve(base, 'index.html', etag) ?? c.notFound());
    return next();
  });
}
