// Builds the Node bundles: dist/cli.js (the `colophon` command) and, later, the server entry.
// The engine is TypeScript with extensionless imports; esbuild bundles it for plain Node.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  external: ['better-sqlite3'],
  // Some bundled CommonJS dependencies call require(); give ESM output a require.
  banner: { js: "import { createRequire as __colophonRequire } from 'node:module'; const require = __colophonRequire(import.meta.url);" },
};

await build({ ...common, entryPoints: { cli: join(root, 'cli/node-main.ts') }, outdir: join(root, 'dist') });
// The /v1 server and its engine worker (worker_threads); server.js starts dist/worker-node.js beside it.
await build({ ...common, entryPoints: { server: join(root, 'server/node-main.ts'), 'worker-node': join(root, 'worker/node-entry.ts') }, outdir: join(root, 'dist') });

// The benchmark runs as a plain bundle too, so it measures what users run (no loader in the way).
if (process.argv.includes('--bench')) {
  await build({ ...common, sourcemap: false, entryPoints: { bench: join(root, 'scripts/bench.ts'), profile: join(root, 'scripts/profile.ts') }, outdir: join(root, 'dist') });
}
