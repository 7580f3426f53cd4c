// npm run fidelity: converts the dev corpus with the colophon CLI and scores the PDFs against the
// LibreOffice references with ../shared/tools/fidelity/score.mjs (per-tag means, pictures of the worst
// pages), then counts how many of Word's own page starts our PDFs reproduce (scripts/word-pages.mjs).
// Skips with a message when ../shared is not there (a fresh clone on its own).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
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
// A subset of references: FIDELITY_TAGS=rtl,cjk (manifest tags) and/or FIDELITY_DOCS=name1,name2;
// FIDELITY_REF=word scores against the Microsoft Word renderings (NAME.word.pdf) instead.
const refDir = selectRefs(join(corpus, `${set}-ref`), join(corpus, set, 'manifest.json'), out);
const cli = join(root, 'bin', 'colophon.js');
const scoreArgs = [
  scorer,
  '--ref', refDir,
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
// Word's own page starts (w:lastRenderedPageBreak) as a second check of pagination: scripts/word-pages.mjs.
if (r.status === 0 && set === 'dev') {
  spawnSync(process.execPath, [join(root, 'scripts', 'word-pages.mjs'), join(out, 'pdf'), '--json', join(out, 'word-pages.json')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const wp = join(out, 'word-pages.json');
  if (existsSync(wp)) {
    const w = JSON.parse(readFileSync(wp, 'utf8'));
    const f = w.firstRules;
    const first = f ? `; by word-pages' first rules ${f.ours}/${f.marks} (LibreOffice's render ${f.libreoffice}/${f.marks})` : '';
    console.log(`fidelity: Word's own page starts reproduced: ${w.ours}/${w.marks} (LibreOffice's render ${w.libreoffice}/${w.marks}), ${w.documents.length} documents${first}; ${wp}`);
    const c = w.pageCounts;
    console.log(`fidelity: Word's saved page count (docProps/app.xml) matched: ${c.ours}/${c.documents} (LibreOffice's render ${c.libreoffice}/${c.documents})`);
  }
}
process.exit(r.status ?? 1);

/** The reference folder to score against: the whole set, or a folder of links to the chosen subset. */
function selectRefs(fullRefDir, manifestPath, outDir) {
  const tags = (process.env.FIDELITY_TAGS ?? '').split(',').filter(Boolean);
  const docs = new Set((process.env.FIDELITY_DOCS ?? '').split(',').filter(Boolean));
  const word = process.env.FIDELITY_REF === 'word';
  if (!tags.length && !docs.size && !word) return fullRefDir;
  const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
  const entries = Array.isArray(manifest) ? manifest : (manifest.files ?? manifest.documents ?? Object.entries(manifest).map(([name, v]) => ({ name, ...v })));
  const tagsOf = new Map(entries.map((e) => [String(e.name ?? e.file ?? '').replace(/\.docx$/i, ''), e.tags ?? e.features ?? []]));
  const dir = join(outDir, 'refs');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let n = 0;
  for (const file of readdirSync(fullRefDir)) {
    const m = /^(.*?)(\.word)?\.pdf$/i.exec(file);
    if (!m || Boolean(m[2]) !== word) continue;
    const name = m[1];
    if (docs.size && !docs.has(name)) continue;
    if (tags.length && !tags.some((t) => (tagsOf.get(name) ?? []).includes(t))) continue;
    symlinkSync(join(fullRefDir, file), join(dir, `${name}.pdf`));
    n++;
  }
  console.log(`fidelity: scoring ${n} document(s) against ${word ? 'Word' : 'LibreOffice'} references`);
  return dir;
}
