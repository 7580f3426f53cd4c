// Canvas parity: does the browser preview (engine/render/canvas) show what the PDF shows? For each
// corpus document (../shared/corpus/docx/dev, or COLOPHON_SHARED), lays it out once, writes the PDF
// from that LayoutDoc and rasterises it with `pdftoppm -r DPI`, draws every page of the same LayoutDoc
// with renderCanvas in Debian's Chromium (playwright-core, as tests/e2e/browser.ts launches it), and
// compares each page: mean absolute difference (0-255, over RGB) and the share of pixels whose grey
// values differ by more than 48 after a 3x3 box blur of both (anti-aliasing and hinting mostly fall
// under that). Writes report.json (worst pages first) and side-by-side PNGs (PDF | canvas | diff) of
// the worst pages. Not part of npm test. CANVAS_PARITY_PDFTOPPM overrides pdftoppm's extra arguments.
//   npx tsx scripts/canvas-parity.ts [--docs a,b] [--out DIR] [--dpi 50] [--worst 30]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { parseDocx } from '../engine/docx';
import { layoutDocument } from '../engine/layout';
import { renderPdf } from '../engine/render/pdf';
import { encodePng } from '../engine/image';
import { createNodeHost } from '../node/host';
import { launchChromium } from '../tests/e2e/browser';
import type { LayoutDoc } from '../engine/model';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const shared = resolve(process.env.COLOPHON_SHARED ?? join(root, '..', 'shared'));
const corpus = join(shared, 'corpus', 'docx', 'dev');
if (!existsSync(corpus)) {
  console.log(`canvas-parity: skipped — the shared corpus was not found at ${shared}.`);
  process.exit(0);
}
const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const DPI = Number(arg('dpi') ?? 50);
const WORST = Number(arg('worst') ?? 30);
// Hairlines by their coverage, as browsers draw them: poppler's default widens any line thinner than a
// pixel to a solid pixel, which alone made half-point table rules the largest "difference" at 50 dpi.
const PDFTOPPM_ARGS = (process.env.CANVAS_PARITY_PDFTOPPM ?? '-thinlinemode shape').split(' ').filter(Boolean);
const out = resolve(arg('out') ?? join(root, '.canvas-parity'));
const only = arg('docs')?.split(',');
const names = readdirSync(corpus).filter((f) => f.endsWith('.docx')).map((f) => f.slice(0, -5)).filter((n) => !only || only.includes(n)).sort();
mkdirSync(join(out, 'pictures'), { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'canvas-parity-'));

interface Raster { readonly width: number; readonly height: number; readonly rgb: Uint8Array }
interface PageScore { readonly doc: string; readonly page: number; readonly mad: number; readonly differing: number }

/** The canvas renderer as one browser script (window.CNV). */
async function canvasBundle(): Promise<string> {
  const r = await build({
    stdin: { contents: "export { renderCanvas, createCanvasCache } from './engine/render/canvas';", resolveDir: root, loader: 'ts' },
    bundle: true, format: 'iife', globalName: 'CNV', platform: 'browser', write: false, logLevel: 'error',
  });
  return r.outputFiles[0]!.text;
}

/** JSON with typed arrays as base64 (the LayoutDoc's font programs, images, glyph ids and advances). */
function encodeDoc(doc: LayoutDoc): string {
  return JSON.stringify(doc, (_k, v: unknown) => {
    if (ArrayBuffer.isView(v)) {
      const b = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
      return { __ta: v.constructor.name, b64: b.toString('base64') };
    }
    return v;
  });
}

/** Reads a binary PPM (P6) as pdftoppm writes it. */
function readPpm(bytes: Uint8Array): Raster {
  let pos = 0;
  const fields: string[] = [];
  while (fields.length < 4) {
    while (bytes[pos] === 0x20 || bytes[pos] === 0x0a || bytes[pos] === 0x0d || bytes[pos] === 0x09) pos++;
    let s = '';
    while (bytes[pos] !== 0x20 && bytes[pos] !== 0x0a && bytes[pos] !== 0x0d && bytes[pos] !== 0x09) s += String.fromCharCode(bytes[pos++]!);
    fields.push(s);
  }
  pos++;
  return { width: Number(fields[1]), height: Number(fields[2]), rgb: bytes.subarray(pos) };
}

function grey(r: Raster, w: number, h: number): Float32Array {
  const g = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const i = (y * r.width + x) * 3;
    g[y * w + x] = (r.rgb[i]! * 299 + r.rgb[i + 1]! * 587 + r.rgb[i + 2]! * 114) / 1000;
  }
  const b = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    let sum = 0;
    let n = 0;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      const yy = y + dy;
      const xx = x + dx;
      if (yy < 0 || xx < 0 || yy >= h || xx >= w) continue;
      sum += g[yy * w + xx]!;
      n++;
    }
    b[y * w + x] = sum / n;
  }
  return b;
}

function compare(pdf: Raster, cv: Raster): { mad: number; differing: number; diff: Uint8Array; w: number; h: number } {
  const w = Math.min(pdf.width, cv.width);
  const h = Math.min(pdf.height, cv.height);
  let sum = 0;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) for (let c = 0; c < 3; c++) {
    sum += Math.abs(pdf.rgb[(y * pdf.width + x) * 3 + c]! - cv.rgb[(y * cv.width + x) * 3 + c]!);
  }
  const a = grey(pdf, w, h);
  const b = grey(cv, w, h);
  const diff = new Uint8Array(w * h);
  let n = 0;
  for (let i = 0; i < w * h; i++) if (Math.abs(a[i]! - b[i]!) > 48) { diff[i] = 1; n++; }
  return { mad: sum / (w * h * 3), differing: n / (w * h), diff, w, h };
}

/** PDF | canvas | differing pixels (red), side by side. */
function sideBySide(pdf: Raster, cv: Raster, cmp: ReturnType<typeof compare>): Uint8Array {
  const gap = 6;
  const W = pdf.width + cv.width + cmp.w + 2 * gap;
  const H = Math.max(pdf.height, cv.height);
  const rgba = new Uint8Array(W * H * 4).fill(128);
  const put = (r: Raster, ox: number): void => {
    for (let y = 0; y < r.height; y++) for (let x = 0; x < r.width; x++) {
      const s = (y * r.width + x) * 3;
      const d = (y * W + ox + x) * 4;
      rgba[d] = r.rgb[s]!; rgba[d + 1] = r.rgb[s + 1]!; rgba[d + 2] = r.rgb[s + 2]!; rgba[d + 3] = 255;
    }
  };
  put(pdf, 0);
  put(cv, pdf.width + gap);
  const ox = pdf.width + cv.width + 2 * gap;
  for (let y = 0; y < cmp.h; y++) for (let x = 0; x < cmp.w; x++) {
    const d = (y * W + ox + x) * 4;
    const on = cmp.diff[y * cmp.w + x] === 1;
    rgba[d] = on ? 220 : 255; rgba[d + 1] = on ? 0 : 255; rgba[d + 2] = on ? 0 : 255; rgba[d + 3] = 255;
  }
  return encodePng(W, H, rgba);
}

const host = createNodeHost({ now: () => new Date(Date.UTC(2024, 0, 2, 3, 4, 5)) });
const bundle = await canvasBundle();
const browser = await launchChromium();
const page = await browser.newPage();
await page.setContent('<html><body></body></html>');
await page.addScriptTag({ content: bundle });
const scores: PageScore[] = [];
const failures: { doc: string; error: string }[] = [];
const keep = new Map<string, { pdf: Raster; cv: Raster }>();
for (const name of names) {
  try {
    const parsed = parseDocx(new Uint8Array(readFileSync(join(corpus, `${name}.docx`))), { trackedChanges: 'markup', fileName: `${name}.docx` }, host);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors).slice(0, 200));
    const laid = await layoutDocument(parsed.value, { trackedChanges: 'markup', comments: 'hide' }, host);
    if (!laid.ok) throw new Error(JSON.stringify(laid.errors).slice(0, 200));
    const pdf = await renderPdf(laid.value, {}, host);
    if (!pdf.ok) throw new Error(JSON.stringify(pdf.errors).slice(0, 200));
    const pdfPath = join(work, `${name}.pdf`);
    writeFileSync(pdfPath, pdf.value);
    execFileSync('pdftoppm', ['-r', String(DPI), ...PDFTOPPM_ARGS, pdfPath, join(work, name)]);
    const ppms = readdirSync(work).filter((f) => f.startsWith(`${name}-`) && f.endsWith('.ppm')).sort((a, b) => Number(a.match(/-(\d+)\.ppm$/)![1]) - Number(b.match(/-(\d+)\.ppm$/)![1]));
    const pages: string[] = await page.evaluate(async ({ json, scale }) => {
      const doc = JSON.parse(json, (_k, v: { __ta?: string; b64?: string }) => {
        if (v && typeof v === 'object' && v.__ta) {
          const bin = atob(v.b64!);
          const bytes = new Uint8Array(bin.length);
          for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
          const C = (globalThis as unknown as Record<string, new (b: ArrayBuffer) => unknown>)[v.__ta];
          return new C!(bytes.buffer);
        }
        return v;
      });
      const cnv = (globalThis as unknown as { CNV: typeof import('../engine/render/canvas') }).CNV;
      const cache = cnv.createCanvasCache();
      const res: string[] = [];
      for (let i = 0; i < doc.pages.length; i++) {
        const p = doc.pages[i];
        const canvas = document.createElement('canvas');
        canvas.width = Math.ceil((p.widthPt * scale) - 1e-6);
        canvas.height = Math.ceil((p.heightPt * scale) - 1e-6);
        const ctx = canvas.getContext('2d')!;
        await cnv.renderCanvas(doc, i, ctx as never, { scale, cache });
        const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
        const rgb = new Uint8Array(canvas.width * canvas.height * 3);
        for (let j = 0, k = 0; j < data.length; j += 4, k += 3) { rgb[k] = data[j]!; rgb[k + 1] = data[j + 1]!; rgb[k + 2] = data[j + 2]!; }
        let s = '';
        for (let j = 0; j < rgb.length; j += 0x8000) s += String.fromCharCode(...rgb.subarray(j, j + 0x8000));
        res.push(`${canvas.width}x${canvas.height}:${btoa(s)}`);
      }
      return res;
    }, { json: encodeDoc(laid.value), scale: DPI / 72 });
    for (let i = 0; i < pages.length; i++) {
      const m = /^(\d+)x(\d+):/.exec(pages[i]!)!;
      const cv: Raster = { width: Number(m[1]), height: Number(m[2]), rgb: new Uint8Array(Buffer.from(pages[i]!.slice(m[0].length), 'base64')) };
      const ppm = ppms[i];
      if (!ppm) { failures.push({ doc: name, error: `page ${i + 1}: no PDF raster` }); continue; }
      const pr = readPpm(new Uint8Array(readFileSync(join(work, ppm))));
      const c = compare(pr, cv);
      scores.push({ doc: name, page: i + 1, mad: +c.mad.toFixed(3), differing: +c.differing.toFixed(5) });
      keep.set(`${name}#${i + 1}`, { pdf: pr, cv });
    }
    // Keep memory bounded: only the worst pages so far keep their rasters.
    const ranked = [...scores].sort((a, b) => b.differing - a.differing).slice(0, WORST);
    const wanted = new Set(ranked.map((s) => `${s.doc}#${s.page}`));
    for (const k of [...keep.keys()]) if (!wanted.has(k)) keep.delete(k);
    for (const f of readdirSync(work)) if (f.startsWith(`${name}`)) rmSync(join(work, f));
    console.log(`${name}: ${pages.length} pages, worst ${Math.max(0, ...scores.filter((s) => s.doc === name).map((s) => s.differing)).toFixed(4)}`);
  } catch (e) {
    failures.push({ doc: name, error: String(e).slice(0, 300) });
    console.log(`${name}: FAILED ${String(e).slice(0, 200)}`);
  }
}
await browser.close();
rmSync(work, { recursive: true, force: true });
scores.sort((a, b) => b.differing - a.differing || b.mad - a.mad);
const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const summary = {
  dpi: DPI, documents: names.length, pages: scores.length,
  meanMad: +mean(scores.map((s) => s.mad)).toFixed(4),
  meanDiffering: +mean(scores.map((s) => s.differing)).toFixed(6),
  pagesOver1pct: scores.filter((s) => s.differing > 0.01).length,
};
for (const s of scores.slice(0, WORST)) {
  const k = keep.get(`${s.doc}#${s.page}`);
  if (!k) continue;
  writeFileSync(join(out, 'pictures', `${s.doc}-p${s.page}.png`), sideBySide(k.pdf, k.cv, compare(k.pdf, k.cv)));
}
writeFileSync(join(out, 'report.json'), JSON.stringify({ summary, failures, pages: scores }, null, 1));
console.log(`canvas-parity: ${JSON.stringify(summary)}; report ${join(out, 'report.json')}`);
