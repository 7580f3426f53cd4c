// npm run fidelity: converts the dev corpus with the colophon CLI and scores the PDFs against the
// LibreOffice references with ../shared/tools/fidelity/score.mjs (per-tag means, pictures of the worst
// pages). Skips with a message when ../shared is not there (a fresh clone on its own).
import { existsSync, mkdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const shared = resolve(process.env.COLOPHON_SHARED ?? join(root, '..', 'shared'));
const corpus = join(shared, 'corpus', 'docx');
const scorer = join(shared, 'tools', 'fidelity', 'score.mjs');
if (!existsSync(scorer) || !existsSync(join(corpus, 'dev'))) {
  console.log(`fidelity: skipped — the shared corpus and scorer were not found at ${shared}.`);
  process.exit(0);
}
const args = process.argv.slice(2);
const set = args.find((a) => !a.startsWith('-')) ?? 'dev';
// FIDELITY_OUT picks the output folder, so two runs at once (several engineers on one machine) don't collide.
const out = resolve(process.env.FIDELITY_OUT ?? join(root, '.fidelity', set));
mkdirSync(out, { recursive: true });
if (!existsSync(join(root, 'dist', 'cli.js'))) {
  const b = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const cli = join(root, 'bin', 'colophon.js');
const scoreArgs = [
  scorer,
  '--ref', join(corpus, `${set}-ref`),
  '--docx', join(corpus, set),
  '--convert', `node ${JSON.stringify(cli)} convert {in} -o {out} -q`,
  '--cand', join(out, 'pdf'),
  '--manifest', join(corpus, set, 'manifest.json'),
  '--out', join(out, 'report.json'),
  '--pictures', join(out, 'pictures'),
  '--worst', process.env.FIDELITY_WORST ?? '12',
  '--jobs', '2',
  '--timeout', '120',
  ...args.filter((a) => a.startsWith('-')),
];
const r = spawnSync(process.execPath, scoreArgs, { stdio: 'inherit' });
console.log(`\nfidelity: report ${join(out, 'report.json')}, pictures in ${join(out, 'pictures')}`);
process.exit(r.status ?? 1);
