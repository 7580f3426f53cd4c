/**
 * Vite build of the playground (playground/ → dist/playground): the page, the engine worker bundle
 * (worker/browser-entry.ts with the WASM kernel inlined), the shipped fonts as static assets under
 * `fonts/` (unhashed: the worker asks for them by file name), and a service worker with a precache
 * manifest so the page works with the network off once loaded.
 */
import { createHash } from 'node:crypto';
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const root = dirname(fileURLToPath(import.meta.url));
const fontsDir = join(root, 'fonts');
const ISOLATION = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
/** Loaded on first use only (East Asian and Korean text, 4-5 MB each; emoji, 0.9 MB): precached after the rest, not before the page works. */
const LAZY_FONTS = new Set(['DroidSansFallbackFull.ttf', 'NanumGothic.ttf', 'NotoEmoji-Regular.ttf']);

function fontFiles(): string[] {
  const out: string[] = [];
  for (const name of readdirSync(fontsDir)) if (/\.(ttf|otf)$/i.test(name)) out.push(name);
  for (const name of readdirSync(join(fontsDir, 'licenses'))) out.push(`licenses/${name}`);
  return out.sort();
}

/** Serves `fonts/` in dev and emits it, the precache manifest and the service worker in the build. */
function colophonAssets(): Plugin {
  return {
    name: 'colophon-assets',
    configureServer(server) {
      server.middlewares.use('/fonts/', (req, res, next) => {
        const name = decodeURIComponent((req.url ?? '').split('?')[0]!.replace(/^\//, ''));
        if (!fontFiles().includes(name)) return next();
        res.setHeader('Content-Type', name.endsWith('.otf') ? 'font/otf' : name.endsWith('.ttf') ? 'font/ttf' : 'text/plain; charset=utf-8');
        res.setHeader('Content-Length', String(statSync(join(fontsDir, name)).size));
        createReadStream(join(fontsDir, name)).pipe(res);
      });
    },
    generateBundle(_options, bundle) {
      for (const name of fontFiles()) {
        this.emitFile({ type: 'asset', fileName: `fonts/${name}`, source: readFileSync(join(fontsDir, name)) });
      }
      const files = [...Object.keys(bundle), ...fontFiles().map((f) => `fonts/${f}`)].filter((f) => !f.endsWith('.map')).sort();
      const required = ['./', ...files.filter((f) => !LAZY_FONTS.has(f.replace(/^fonts\//, '')))];
      const lazy = files.filter((f) => LAZY_FONTS.has(f.replace(/^fonts\//, '')));
      const version = createHash('sha256').update(JSON.stringify(files)).update(JSON.stringify(Object.values(bundle).map((c) => ('code' in c ? c.code : c.source)))).digest('hex').slice(0, 16);
      this.emitFile({ type: 'asset', fileName: 'precache-manifest.json', source: JSON.stringify({ version, required, lazy }, null, 1) });
      const sw = readFileSync(join(root, 'playground/service-worker.js'), 'utf8').replace('__COLOPHON_BUILD__', version);
      this.emitFile({ type: 'asset', fileName: 'service-worker.js', source: sw });
    },
  };
}

export default defineConfig({
  root: join(root, 'playground'),
  base: './',
  publicDir: false,
  plugins: [colophonAssets()],
  worker: { format: 'es', rolldownOptions: { checks: { ineffectiveDynamicImport: false, bundlerTimings: false } } },
  build: {
    outDir: join(root, 'dist/playground'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 4096,
    rolldownOptions: {
      // engine/sign imports layout lazily for plain signing in Node; in the worker bundle both are needed
      // anyway (convert uses them), so the static import wins — expected. Timings: the box is slow, not the build.
      checks: { ineffectiveDynamicImport: false, bundlerTimings: false },
    },
  },
  // Cross-origin isolation lets the client give jobs a SharedArrayBuffer cancel flag (immediate cancellation).
  // /v1 (telemetry ingest, API) goes to a local `npm start` server during development.
  server: { fs: { allow: [root] }, headers: ISOLATION, proxy: { '/v1': 'http://127.0.0.1:8787' } },
  preview: { headers: ISOLATION },
});
