#!/usr/bin/env node
// The `colophon` command. Runs the built CLI bundle (npm install builds it; `npm run build` rebuilds).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const bundle = join(here, '..', 'dist', 'cli.js');
if (!existsSync(bundle)) {
  process.stderr.write('colophon: the CLI is not built yet; run `npm run build` in the Colophon folder.\n');
  process.exit(2);
}
const { main } = await import(bundle);
process.exitCode = await main(process.argv.slice(2));
