// npm run bench: converts the dev corpus (or the DOCX files given) in one process and, in the same run,
// on a worker pool of os.availableParallelism() threads (as `colophon convert` does a batch; the
// pool's start-up is inside the measured time and also printed alone), measures the parse floor
// (unzip + XML parse of the same packages) and LibreOffice's batch conversion of the same files when
// `soffice` is installed. Prints per-document and total times, pages per second and the ratios. Times
// are wall-clock on this machine; run it on an idle machine for clean figures.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertDocxToPdf } from '../engine/convert';
import { parseDocx } from '../engine/docx';
import { initKernel, layoutPages } from '../engine/layout';
import { renderPdf } from '../engine/render/pdf';
import { parseXml } from '../engine/xml';
import { openZip } from '../engine/zip';
import { createNodeHost } from '../node/host';
import { tuneV8ForConversion } from '../node/v8-tuning';
import type { ConvertOutput, Result } from '../worker/api';
import { createWorkerPool } from '../worker/pool';
import { cpuMsOfStat } from './fuzz/cpu';

// As the CLI and the worker pool run (node/v8-tuning.ts), so the bench measures what users run.
tuneV8ForConversion();
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const noSoffice = args.includes('--no-soffice');
const files = pickFiles(args.filter((a) => !a.startsWith('--')));
if (files.length === 0) {
  console.log('bench: no DOCX files (give paths, or keep ../shared/corpus/docx/dev next to the project).');
  process.exit(0);
}
const inputs = files.map((f) => ({ name: basename(f), bytes: new Uint8Array(readFileSync(f)) }));

function pickFiles(given: string[]): string[] {
  if (given.length > 0) return given.map((g) => resolve(g));
  const dir = resolve(process.env.COLOPHON_SHARED ?? join(root, '..', 'shared'), 'corpus', 'docx', 'dev');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.docx'))
    .sort()
    .map((f) => join(dir, f));
}

function parseFloor(): number {
  // The same native inflater the converter gets from the Node host, so the floor is as fast as ours.
  const inflate = createNodeHost().inflateRaw;
  const t0 = performance.now();
  for (const input of inputs) {
    try {
      const zip = openZip(input.bytes, undefined, inflate);
      for (const e of zip.entries) {
        const data = zip.read(e);
        if (/\.(xml|rels)$/i.test(e.name)) parseXml(data, { part: e.name });
      }
    } catch {
      // A damaged package costs what it costs; the floor only times the work.
    }
  }
  return performance.now() - t0;
}

async function colophon(): Promise<{ ms: number; pages: number; perDoc: Array<{ name: string; ms: number; pages: number; ok: boolean }> }> {
  const host = createNodeHost({ now: () => NOW });
  const perDoc: Array<{ name: string; ms: number; pages: number; ok: boolean }> = [];
  let pages = 0;
  const t0 = performance.now();
  for (const input of inputs) {
    const d0 = performance.now();
    const r = await convertDocxToPdf(input.bytes, { fileName: input.name }, host);
    const ms = performance.now() - d0;
    const n = r.ok ? r.value.pages : 0;
    pages += n;
    perDoc.push({ name: input.name, ms, pages: n, ok: r.ok });
  }
  return { ms: performance.now() - t0, pages, perDoc };
}

/** The bench's fixed clock, for the in-process host and the workers alike. */
const NOW = new Date(Date.UTC(2026, 0, 1));

/**
 * The corpus on a worker pool, timed from the pool's creation (so worker start-up is included) to the
 * last document; `startupMs` is the part until every worker has answered once.
 */
async function pooled(workers: number): Promise<{ ms: number; startupMs: number; cpuMs: number; pages: number; failed: number }> {
  const t0 = performance.now();
  const c0 = cpuMs(); // process.cpuUsage counts the worker threads too
  // The limits `colophon convert` uses by default.
  const pool = createWorkerPool({ size: workers, queueSize: inputs.length, timeoutMs: 120_000, memoryMb: 2048 });
  try {
    // One round trip per worker: the pool hands each of these to its own idle worker at once, and each
    // answers when its worker is up.
    await Promise.all(Array.from({ length: workers }, () => pool.run((api) => api.info())));
    const startupMs = performance.now() - t0;
    const results = await Promise.all(
      inputs.map((input) =>
        pool
          .run<Result<ConvertOutput>>((api, job) => api.convert(input.bytes.slice(), { fileName: input.name }, { ...job, now: NOW.toISOString() }))
          .catch(() => undefined),
      ),
    );
    let pages = 0;
    let failed = 0;
    for (const r of results) {
      if (r?.ok) pages += r.value.pages;
      else failed++;
    }
    return { ms: performance.now() - t0, startupMs, cpuMs: cpuMs() - c0, pages, failed };
  } finally {
    await pool.close();
  }
}

function soffice(): number | undefined {
  if (noSoffice) return undefined;
  const which = spawnSync('sh', ['-c', 'command -v soffice'], { encoding: 'utf8' });
  if (which.status !== 0) return undefined;
  const out = mkdtempSync(join(tmpdir(), 'colophon-bench-lo-'));
  const profile = mkdtempSync(join(tmpdir(), 'colophon-bench-profile-'));
  try {
    const t0 = performance.now();
    execFileSync('soffice', ['--headless', '--norestore', `-env:UserInstallation=file://${profile}`, '--convert-to', 'pdf', '--outdir', out, ...files], {
      stdio: 'ignore',
      timeout: 30 * 60 * 1000,
    });
    return performance.now() - t0;
  } finally {
    rmSync(out, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * CPU milliseconds of the main thread and of all others (V8's compiler and GC helpers, libuv), from
 * /proc on Linux; undefined elsewhere. On a cold run most of the extra CPU is the JIT's, off the main thread.
 */
function threadCpuMs(): { main: number; other: number } | undefined {
  try {
    let main = 0;
    let other = 0;
    for (const tid of readdirSync('/proc/self/task')) {
      const ms = cpuMsOfStat(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')) ?? 0;
      if (tid === String(process.pid)) main += ms;
      else other += ms;
    }
    return { main, other };
  } catch {
    return undefined;
  }
}

/** CPU milliseconds of this process (steadier than wall time on a shared machine). */
function cpuMs(): number {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}

async function stages(): Promise<{ parse: number; layout: number; render: number }> {
  const host = createNodeHost({ now: () => NOW });
  const t = { parse: 0, layout: 0, render: 0 };
  for (const input of inputs) {
    let c = cpuMs();
    const d = parseDocx(input.bytes, { fileName: input.name }, host);
    t.parse += cpuMs() - c;
    if (!d.ok) continue;
    c = cpuMs();
    // As convert does: the layout passes, then the pages drawn one at a time as renderPdf reads them.
    const l = await layoutPages(d.value, {}, host);
    t.layout += cpuMs() - c;
    if (!l.ok) continue;
    c = cpuMs();
    await renderPdf(l.value, {}, host);
    t.render += cpuMs() - c;
  }
  return t;
}

await initKernel();
const floorMs = parseFloor();
const firstCpu0 = cpuMs();
const firstThreads0 = threadCpuMs();
const ours = await colophon();
const firstCpu = cpuMs() - firstCpu0;
const firstThreads = threadCpuMs();
const warmCpu0 = cpuMs();
const warm = await colophon();
const warmCpu = cpuMs() - warmCpu0;
const floorCpu0 = cpuMs();
parseFloor();
const floorCpu = cpuMs() - floorCpu0;
const split = await stages();
const workers = availableParallelism();
const pool = await pooled(workers);
const loMs = soffice();
const rss = process.memoryUsage().rss;

const pad = (s: string, n: number) => (s.length >= n ? s.slice(0, n) : s + ' '.repeat(n - s.length));
console.log(`\n${pad('document', 58)} ${'pages'.padStart(5)} ${'ms'.padStart(8)}`);
for (const d of ours.perDoc) console.log(`${pad(d.name, 58)} ${String(d.pages).padStart(5)} ${d.ms.toFixed(1).padStart(8)}${d.ok ? '' : '  FAILED'}`);
const s = (ms: number) => (ms / 1000).toFixed(2) + ' s';
console.log(`\ndocuments: ${inputs.length}, pages: ${ours.pages}`);
console.log(`parse floor (unzip + XML parse of every part): ${s(floorMs)}`);
console.log(`colophon, first run (fonts loaded cold):  ${s(ours.ms)}  ${(ours.pages / (ours.ms / 1000)).toFixed(0)} pages/s  = ${(ours.ms / floorMs).toFixed(2)}× the parse floor`);
console.log(`colophon, second run (warm caches):       ${s(warm.ms)}  ${(warm.pages / (warm.ms / 1000)).toFixed(0)} pages/s  = ${(warm.ms / floorMs).toFixed(2)}× the parse floor`);
console.log(
  `colophon, pool of ${workers} worker threads:  ${s(pool.ms)}  ${(pool.pages / (pool.ms / 1000)).toFixed(0)} pages/s  = ${(pool.ms / floorMs).toFixed(2)}× the parse floor (one thread)` +
    ` — time includes starting the workers (${s(pool.startupMs)}), cold fonts in each; CPU ${s(pool.cpuMs)} over all threads${pool.failed || pool.pages !== ours.pages ? `; ${pool.failed} failed, ${pool.pages} pages` : ''}`,
);
const split0 = firstThreads0 && firstThreads ? ` (main thread ${s(firstThreads.main - firstThreads0.main)}, other threads ${s(firstThreads.other - firstThreads0.other)})` : '';
console.log(`CPU time, first run: ${s(firstCpu)}${split0}`);
console.log(`CPU time, warm run: ${s(warmCpu)} (parse floor ${s(floorCpu)}: ${(warmCpu / floorCpu).toFixed(2)}×); by stage: parse ${s(split.parse)}, layout passes ${s(split.layout)}, drawing and render ${s(split.render)}`);
if (loMs !== undefined) {
  console.log(`LibreOffice (soffice --convert-to pdf, one batch): ${s(loMs)}  ${(ours.pages / (loMs / 1000)).toFixed(1)} pages/s`);
  console.log(`ratio LibreOffice / colophon: ${(loMs / ours.ms).toFixed(1)}× (first run), ${(loMs / warm.ms).toFixed(1)}× (warm), ${(loMs / pool.ms).toFixed(1)}× (pool of ${workers}, start-up included)`);
} else console.log('LibreOffice: not measured (soffice not installed, or --no-soffice).');
console.log(`peak-ish RSS: ${(rss / 1048576).toFixed(0)} MiB`);
