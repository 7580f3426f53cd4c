// Builds the browser side: the playground (vite.config.ts → dist/playground: page, engine worker
// bundle, fonts, service worker) and dist/client.js, the Node build of the `colophon/client` entry.
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

await viteBuild({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });

await esbuild({
  entryPoints: { client: join(root, 'client/index.ts') },
  outdir: join(root, 'dist'),
  bundle: true,
  platform: 'neutral',
  mainFields: ['module', 'main'],
  format: 'esm',
  target: 'es2022',
  sourcemap: true,
  logLevel: 'warning',
});
