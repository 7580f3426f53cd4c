/**
 * The hostile-input campaign (not part of `npm test`): mutates DOCX packages, pictures, metafiles,
 * templates and signed PDF/DOCX files, runs each through its engine entry point in a child process
 * with a CPU-time limit (a wall-clock backstop behind it) and a heap limit, and records every case that throws, hangs, runs out of memory, peaks
 * past the memory bound (`--rss`, RSS_BOUND_MB), fails without a diagnostic code, or reports an
 * internal error; each target reports its cases' highest peak resident sets (`worstRss`, their files
 * kept in `worst/`). Usage (see README, Development):
 *
 *   nice -n 10 npm run fuzz -- --targets docx,image,verify --cases docx=1000,image=500 --seed 1
 *
 * `--snippets REGEX` directs the DOCX cases at the story snippets whose names match (most mutations).
 *
 * Corpus seeds come from /work/shared/corpus (or FUZZ_CORPUS) when present; without it the campaign
 * runs on its own fixtures only. Failing inputs are written to the output folder for replay.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeDocx } from '../tests/helpers/make-docx';
import { anchoredPicture, inlinePicture } from '../tests/helpers/tiny-png';
import { mutateBytes } from './fuzz/bytes-mutate';
import { directSnippets, mutateDocx } from './fuzz/docx-mutate';
import { hostileGif, hostileJpeg, hostilePng } from './fuzz/image-gen';
import { mutatePdf } from './fuzz/pdf-mutate';
import { Rng } from './fuzz/rng';
import { runHttpCampaign } from './fuzz/http';
import { Runner, type Outcome } from './fuzz/runner';
import { docxSeeds, ownDocxSeeds, pictureSeeds, signedDocxSeeds, signedPdfSeeds, type Seed } from './fuzz/seeds';
import { templateRequest, templateSeeds } from './fuzz/templates';
import { writeRequest } from './fuzz/request-file';
import type { CaseMessage } from './fuzz/worker';

interface Options {
  targets: string[];
  cases: Record<string, number>;
  seed: number;
  /** The CPU time a case may take before it is stopped as a timeout (ms, `--timeout MS`; runner.ts). */
  timeoutMs: number;
  /** The wall-clock backstop (ms, `--wall`): a case past it is stopped whatever its CPU time (default: the runner's, WALL_FACTOR times the CPU limit). */
  wallMs?: number;
  heapMb: number;
  slowMs: number;
  /** A case whose peak resident set passes this many MB is a defect ('memory'). */
  rssMb: number;
  out: string;
  /** Directed campaigns: only story snippets whose names match, in most mutations. */
  snippets?: string;
}

/**
 * A case whose child process peaks past this resident set (MB) is a memory defect. Measured
 * (scripts/fuzz/memory.ts) with the dev corpus's 127 documents run through the campaign's child: the
 * largest, unstructured-handbook-872p (437 pages), peaks at 247 MB in a fresh child (128 MB before
 * it) and 417 MB in a child warm from the rest of the corpus (fonts and words cached); a child is
 * restarted past 400 MB kept. 768 MB is three times the fresh peak and three quarters of the
 * server's 1 GB heap per job: a case past it is one the limits did not bound.
 */
const RSS_BOUND_MB = 768;

const TARGETS = ['docx', 'image', 'template', 'verify-pdf', 'verify-docx', 'sign', 'http'];

function parseArgs(argv: readonly string[]): Options {
  const arg = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const targets = (arg('targets') ?? TARGETS.join(',')).split(',');
  const cases: Record<string, number> = Object.fromEntries(TARGETS.map((t) => [t, 50]));
  for (const c of (arg('cases') ?? '').split(',').filter(Boolean)) {
    const [t, n] = c.includes('=') ? c.split('=') : [undefined, c];
    if (t) cases[t] = Number(n);
    else for (const k of TARGETS) cases[k] = Number(n);
  }
  const seed = Number(arg('seed') ?? 1);
  return {
    targets, cases, seed,
    timeoutMs: Number(arg('timeout') ?? 20_000),
    ...(arg('wall') !== undefined ? { wallMs: Number(arg('wall')) } : {}),
    heapMb: Number(arg('heap') ?? 1024),
    slowMs: Number(arg('slow') ?? 5_000),
    rssMb: Number(arg('rss') ?? RSS_BOUND_MB),
    out: arg('out') ?? join('.tmp', 'fuzz', `seed-${seed}`),
    ...(arg('snippets') ? { snippets: arg('snippets')! } : {}),
  };
}

/** A case as built: the message for the worker, the seed it came from and what was done to it. */
interface Built {
  readonly msg: CaseMessage;
  readonly seed: string;
  readonly ops: string[];
  readonly ext: string;
}

/** Which outcomes are defects: anything but a result with coded diagnostics and no internal error, within the memory bound. */
function defectOf(o: Outcome, rssBoundMb: number): string | undefined {
  if (o.status === 'timeout' || o.status === 'oom' || o.status === 'died' || o.status === 'threw') return o.status;
  if ((o.peakRssMb ?? 0) > rssBoundMb) return 'memory';
  if (o.status === 'fail' && (o.codes.length === 0 || o.codes.some((c) => !/^[a-z0-9-]+\/[a-z0-9-]+/.test(c)))) return 'no-code';
  if (o.codes.some((c) => /\/internal\b/.test(c))) return 'internal';
  if (o.codes.some((c) => /\/resource-limit\b/.test(c))) return 'resource-limit';
  return undefined;
}

function signatureOf(defect: string, o: Outcome): string {
  if (defect === 'memory') return `memory ${o.status} ${o.codes[0] ?? ''}`.trim();
  // Which limit stopped it: CPU time (the case worked that long) or the wall-clock backstop (it waited).
  if (o.status === 'timeout') return `timeout ${o.limit}`;
  const text = o.status === 'threw' ? (o.message ?? '').split('\n').slice(0, 2).join(' ') : o.codes.find((c) => /internal|resource-limit/.test(c)) ?? o.codes[0] ?? '';
  return `${defect} ${text.replace(/\d+/g, 'N').slice(0, 200)}`;
}

/** Recolourings a picture case may ask for (a:blip effects): the renderer then decodes the picture itself (decodePng, decodeRaster) instead of copying it through. */
const RECOLOURINGS = ['<a:grayscl/>', '<a:lum bright="20000" contrast="-40000"/>', '<a:clrChange><a:clrFrom><a:srgbClr val="FFFFFF"/></a:clrFrom><a:clrTo><a:srgbClr val="FFFFFF"><a:alpha val="0"/></a:srgbClr></a:clrTo></a:clrChange>', '<a:duotone><a:srgbClr val="102030"/><a:srgbClr val="F0E0D0"/></a:duotone>', '<a:biLevel thresh="50000"/>'];

/** One case in three recolours its picture (RECOLOURINGS). */
const someRecolouring = (r: Rng): string => (r.chance(1 / 3) ? r.pick(RECOLOURINGS) : '');

/** Wraps a picture in a small DOCX, inline and floating, with the content type of its extension; `effects` recolour both uses. */
function pictureDocx(bytes: Uint8Array, ext: string, effects = ''): Uint8Array {
  const name = `image1.${ext}`;
  let body = `<w:p>${inlinePicture('rIdP', 100, 60)}</w:p><w:p>${anchoredPicture('rIdP', 50, 50, { x: 20, y: 0, wrap: 'square' }, 2)}<w:r><w:t>t</w:t></w:r></w:p>`;
  // Recolouring (a:blip's effects) makes the renderer decode the picture instead of copying it through.
  if (effects) body = body.replaceAll('<a:blip r:embed="rIdP"/>', `<a:blip r:embed="rIdP">${effects}</a:blip>`);
  return makeDocx({ body, media: { rIdP: { name, data: bytes } } });
}

/** Recolourings that make a JPEG be decoded (grey, two tones, black and white, an opaque colour change, brightness of CMYK). */
const JPEG_EFFECTS = [
  '<a:grayscl/>',
  '<a:duotone><a:srgbClr val="000080"/><a:srgbClr val="FFFF00"/></a:duotone>',
  '<a:biLevel thresh="50000"/>',
  '<a:clrChange><a:clrFrom><a:srgbClr val="FFFFFF"/></a:clrFrom><a:clrTo><a:srgbClr val="FF0000"/></a:clrTo></a:clrChange>',
  '<a:grayscl/><a:lum bright="20000" contrast="-10000"/>',
];

const extOf = (name: string) => name.slice(name.lastIndexOf('.') + 1);

/** Builds the n-th case of a target. */
type Builder = (id: number, r: Rng) => Built;

function docxBuilder(seeds: readonly Seed[]): Builder {
  return (id, r) => {
    const s = r.pick(seeds);
    const m = mutateDocx(s.bytes, r);
    return { msg: { id, target: 'convert', bytes: m.bytes }, seed: s.name, ops: m.ops, ext: 'docx' };
  };
}

function imageBuilder(seeds: readonly Seed[]): Builder {
  return (id, r) => {
    // Half the cases are built field by field (scripts/fuzz/image-gen.ts): valid CRCs, zlib and LZW, hostile values.
    if (r.chance(0.5)) return structuredImage(id, r);
    const s = r.pick(seeds);
    const ext = extOf(s.name);
    const m = mutateBytes(s.bytes, r, r.chance(0.6) ? ['hostileField', 'hostileField', 'flip'] : undefined);
    const raster = ['gif', 'bmp', 'tiff'].includes(ext) && r.chance(0.5);
    const bytes = raster ? m.bytes : pictureDocx(m.bytes, ext, someRecolouring(r));
    return { msg: { id, target: raster ? 'raster' : 'convert', bytes }, seed: s.name, ops: m.ops, ext: raster ? ext : 'docx' };
  };
}

/** A structured hostile PNG (drawn in a DOCX), GIF (decoded alone or drawn) or JPEG (decoded alone or drawn recoloured). */
function structuredImage(id: number, r: Rng): Built {
  if (r.chance(0.4)) {
    const m = hostileJpeg(r);
    const alone = r.chance(0.5);
    const bytes = alone ? m.bytes : pictureDocx(m.bytes, 'jpeg', r.pick(JPEG_EFFECTS));
    return { msg: { id, target: alone ? 'jpeg' : 'convert', bytes }, seed: 'gen.jpeg', ops: m.ops, ext: alone ? 'jpg' : 'docx' };
  }
  const png = r.chance(0.6);
  const m = png ? hostilePng(r) : hostileGif(r);
  const raster = !png && r.chance(0.5);
  const bytes = raster ? m.bytes : pictureDocx(m.bytes, png ? 'png' : 'gif', someRecolouring(r));
  return { msg: { id, target: raster ? 'raster' : 'convert', bytes }, seed: png ? 'gen.png' : 'gen.gif', ops: m.ops, ext: raster ? 'gif' : 'docx' };
}

function templateBuilder(seeds: readonly Seed[], pictures: readonly Seed[]): Builder {
  return (id, r) => {
    const s = r.pick(seeds);
    const m = r.chance(0.5) ? mutateDocx(s.bytes, r) : { bytes: s.bytes, ops: [] };
    const pic = mutateBytes(r.pick(pictures).bytes, r);
    const request = templateRequest(r, r.chance(0.5) ? pic.bytes : pictures[0]!.bytes);
    return { msg: { id, target: 'template', bytes: m.bytes, request }, seed: s.name, ops: [...m.ops, 'request'], ext: 'docx' };
  };
}

function pdfBuilder(seeds: readonly Seed[], target: 'verify-pdf' | 'sign-pdf'): Builder {
  return (id, r) => {
    const s = r.pick(seeds);
    const m = mutatePdf(s.bytes, r);
    return { msg: { id, target, bytes: m.bytes }, seed: s.name, ops: m.ops, ext: 'pdf' };
  };
}

function signedDocxBuilder(seeds: readonly Seed[]): Builder {
  return (id, r) => {
    const s = r.pick(seeds);
    const m = mutateDocx(s.bytes, r);
    const target = r.chance(0.15) ? 'sign-docx' : 'verify-docx';
    return { msg: { id, target, bytes: m.bytes }, seed: s.name, ops: m.ops, ext: 'docx' };
  };
}

/** Signs one of the campaign's own documents (converted, then signed) to seed verification without the corpus. */
async function ownSigned(runner: Runner): Promise<{ pdf?: Seed; docx?: Seed }> {
  const own = ownDocxSeeds()[0]!;
  const conv = await runner.run({ id: -2, target: 'convert', bytes: own.bytes, returnBytes: true });
  const pdf = 'bytes' in conv && conv.bytes ? await runner.run({ id: -3, target: 'sign-pdf', bytes: conv.bytes, returnBytes: true }) : undefined;
  const docx = await runner.run({ id: -4, target: 'sign-docx', bytes: own.bytes, returnBytes: true });
  const bytesOf = (o: Outcome | undefined) => (o && 'bytes' in o ? o.bytes : undefined);
  const p = bytesOf(pdf);
  const d = bytesOf(docx);
  return { ...(p ? { pdf: { name: 'own-signed.pdf', bytes: p } } : {}), ...(d ? { docx: { name: 'own-signed.docx', bytes: d } } : {}) };
}

interface TargetReport {
  cases: number;
  seconds: number;
  statuses: Record<string, number>;
  slow: number;
  maxMs: number;
  /** The most CPU time a case took in the child (ms): what `maxMs` is less the machine's other work. */
  maxCpuMs: number;
  /** Cases whose CPU time passed `--slow` (`slow` counts their wall time). */
  slowCpu: number;
  /** How often each error code ended a failed case (the verdicts that are not defects). */
  failCodes: Record<string, number>;
  /** Verification targets: how often each verdict was reached (how deep the cases got). */
  verdicts?: Record<string, number>;
  /** The highest peak resident set of a case, in MB, and the cases that reached the highest peaks. */
  maxRssMb: number;
  worstRss: Worst[];
}

/** A case among a target's highest peaks: its file (kept for replay) and what it cost. */
interface Worst {
  file: string;
  seed: string;
  ops: string[];
  status: string;
  ms: number;
  cpuMs?: number;
  peakRssMb: number;
  startRssMb?: number;
  codes: string[];
}

/** How many of its highest-peak cases a target reports (and keeps as files). */
const WORST_KEPT = 5;

interface Failure {
  signature: string;
  count: number;
  examples: Array<{ file: string; seed: string; ops: string[]; status: string; ms: number; codes: string[]; message?: string; peakRssMb?: number; cpuMs?: number; limit?: string }>;
}

async function runTarget(name: string, build: Builder, n: number, o: Options, runner: Runner, failures: Map<string, Failure>): Promise<TargetReport> {
  const r = new Rng(o.seed * 7919 + name.length * 104729 + name.charCodeAt(0));
  const rep: TargetReport = { cases: 0, seconds: 0, statuses: {}, slow: 0, maxMs: 0, maxCpuMs: 0, slowCpu: 0, failCodes: {}, maxRssMb: 0, worstRss: [] };
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const c = build(i, r);
    const out = await runner.run(c.msg);
    rep.cases++;
    rep.statuses[out.status] = (rep.statuses[out.status] ?? 0) + 1;
    rep.maxMs = Math.max(rep.maxMs, out.ms);
    const cpuMs = 'cpuMs' in out ? out.cpuMs : undefined;
    if (cpuMs !== undefined) rep.maxCpuMs = Math.max(rep.maxCpuMs, cpuMs);
    if (cpuMs !== undefined && cpuMs > o.slowMs) rep.slowCpu++;
    if (out.ms > o.slowMs) rep.slow++;
    if (out.status === 'fail') for (const code of new Set(out.codes.map((x) => x.split(' ')[0]!))) rep.failCodes[code] = (rep.failCodes[code] ?? 0) + 1;
    if ('verdict' in out && out.verdict) (rep.verdicts ??= {})[out.verdict] = (rep.verdicts[out.verdict] ?? 0) + 1;
    const defect = defectOf(out, o.rssMb);
    if (defect) record(failures, defect, out, c, name, o);
    if (out.peakRssMb !== undefined) keepWorst(rep, out, c, name, o);
    if ((i + 1) % 50 === 0) console.log(`${name}: ${i + 1}/${n} cases, ${failures.size} distinct failures, ${Math.round((performance.now() - t0) / 1000)} s`);
  }
  rep.seconds = Math.round((performance.now() - t0) / 1000);
  return rep;
}

/** Keeps the case among the target's highest peaks if it is one, writing its file (and removing the one it displaces). */
function keepWorst(rep: TargetReport, out: Outcome, c: Built, target: string, o: Options): void {
  const peak = out.peakRssMb!;
  rep.maxRssMb = Math.max(rep.maxRssMb, peak);
  const worst = rep.worstRss;
  if (worst.length >= WORST_KEPT && peak <= worst[worst.length - 1]!.peakRssMb) return;
  const file = join(o.out, 'worst', `${target}-${c.msg.id}.${c.ext}`);
  writeFileSync(file, c.msg.bytes);
  if (c.msg.request) writeRequest(`${file}.request.json`, c.msg.request);
  const start = 'startRssMb' in out ? out.startRssMb : undefined;
  const cpuMs = 'cpuMs' in out ? out.cpuMs : undefined;
  worst.push({ file, seed: c.seed, ops: c.ops, status: out.status, ms: out.ms, ...(cpuMs !== undefined ? { cpuMs } : {}), peakRssMb: peak, ...(start !== undefined ? { startRssMb: start } : {}), codes: out.codes.slice(0, 3) });
  worst.sort((a, b) => b.peakRssMb - a.peakRssMb);
  for (const gone of worst.splice(WORST_KEPT)) {
    rmSync(gone.file, { force: true });
    rmSync(`${gone.file}.request.json`, { force: true });
  }
}

function record(failures: Map<string, Failure>, defect: string, out: Outcome, c: Built, target: string, o: Options): void {
  const sig = signatureOf(defect, out);
  const f = failures.get(sig) ?? { signature: sig, count: 0, examples: [] };
  f.count++;
  failures.set(sig, f);
  if (f.examples.length >= 3) return;
  const file = join(o.out, 'cases', `${target}-${c.msg.id}.${c.ext}`);
  writeFileSync(file, c.msg.bytes);
  if (c.msg.request) writeRequest(`${file}.request.json`, c.msg.request);
  f.examples.push({ file, seed: c.seed, ops: c.ops, status: out.status, ms: out.ms, codes: out.codes.slice(0, 5), ...('message' in out && out.message ? { message: out.message } : {}), ...(out.peakRssMb !== undefined ? { peakRssMb: out.peakRssMb } : {}), ...('cpuMs' in out && out.cpuMs !== undefined ? { cpuMs: out.cpuMs } : {}), ...('limit' in out ? { limit: out.limit } : {}) });
  console.log(`  DEFECT ${sig} (${c.seed}: ${c.ops.join(', ')}) → ${file}`);
}

/** The HTTP target: hostile requests to the real app in this process (scripts/fuzz/http.ts). */
async function runHttp(o: Options, failures: Map<string, Failure>): Promise<TargetReport> {
  const t0 = performance.now();
  const n = o.cases.http ?? 50;
  const res = await runHttpCampaign(n, o.seed, o.slowMs, (i, f) => {
    if ((i + 1) % 500 === 0) console.log(`http: ${i + 1}/${n} cases, ${f} failing answers`);
  });
  for (const f of res.failures) {
    for (const d of f.defects) {
      const sig = `http ${d.replace(/\d+/g, 'N').slice(0, 200)}`;
      const rec = failures.get(sig) ?? { signature: sig, count: 0, examples: [] };
      rec.count++;
      if (rec.examples.length < 3) rec.examples.push({ file: `${f.method} ${f.url}`, seed: 'http', ops: [...f.ops], status: String(f.status), ms: 0, codes: [] });
      failures.set(sig, rec);
    }
  }
  for (const d of res.serviceDefects) failures.set(`http service ${d}`, { signature: `http service ${d}`, count: 1, examples: [] });
  const statuses = Object.fromEntries(Object.entries(res.statuses).map(([k, v]) => [`HTTP ${k}`, v]));
  // The requests run in this process, many at once: no case has a peak of its own to measure.
  return { cases: res.cases, seconds: Math.round((performance.now() - t0) / 1000), statuses, slow: 0, maxMs: res.maxMs, maxCpuMs: 0, slowCpu: 0, failCodes: {}, maxRssMb: 0, worstRss: [] };
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  mkdirSync(join(o.out, 'cases'), { recursive: true });
  mkdirSync(join(o.out, 'worst'), { recursive: true });
  if (o.snippets) console.log(`directed at snippets: ${directSnippets(new RegExp(o.snippets)).join(', ')}`);
  const runner = new Runner(o.timeoutMs, o.heapMb, o.wallMs !== undefined ? { wallMs: o.wallMs } : {});
  const docx = docxSeeds();
  const pictures = pictureSeeds(docx);
  const own = await ownSigned(runner);
  const pdfs = [...signedPdfSeeds(), ...(own.pdf ? [own.pdf] : [])];
  const builders: Record<string, Builder> = {
    docx: docxBuilder(docx),
    image: imageBuilder(pictures),
    template: templateBuilder(templateSeeds(), pictures),
    'verify-pdf': pdfBuilder(pdfs, 'verify-pdf'),
    'verify-docx': signedDocxBuilder([...signedDocxSeeds(), ...(own.docx ? [own.docx] : [])]),
    sign: pdfBuilder(pdfs, 'sign-pdf'),
  };
  console.log(`seeds: ${docx.length} DOCX, ${pictures.length} pictures, ${pdfs.length} signed PDFs`);
  const failures = new Map<string, Failure>();
  const report: Record<string, TargetReport> = {};
  for (const t of o.targets) {
    if (t === 'http') report[t] = await runHttp(o, failures);
    else if (!builders[t]) throw new Error(`unknown target ${t} (known: ${TARGETS.join(', ')})`);
    else report[t] = await runTarget(t, builders[t]!, o.cases[t] ?? 50, o, runner, failures);
    writeFileSync(join(o.out, 'report.json'), JSON.stringify({ options: o, targets: report, failures: [...failures.values()] }, null, 1));
  }
  runner.stop();
  console.log(JSON.stringify(report, null, 1));
  console.log(`${failures.size} distinct failures; report in ${join(o.out, 'report.json')}`);
}

await main();
