// `npm start`: the /v1 service and, once built, the playground (dist/playground) on http://localhost:8787
// with the embedded SQLite database in ./data. Configuration: environment variables (README "HTTP service").
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, 'dist', 'server.js');

if (!existsSync(bundle) || !existsSync(join(root, 'dist', 'worker-node.js'))) {
  process.stderr.write('colophon: the server is not built yet; building it (npm run build)…\n');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const playground = join(root, 'dist', 'playground');
const { runServer } = await import(pathToFileURL(bundle).href);
process.exitCode = await runServer(existsSync(join(playground, 'index.html')) ? { playgroundDir: playground } : {}, {
  stderr: (text) => process.stderr.write(text),
});
