#!/usr/bin/env node
/**
 * Benchmark: verifying a 10 MB PDF with 3 signatures must take < 200 ms (median).
 * The file is made here: a 10 MB PDF (incompressible embedded payload) signed three times by
 * engine/sign in three incremental updates. Prints the median of several runs, the floor any
 * verifier pays (three SHA-256 digests of the signed ranges), and poppler's pdfsig on the same
 * file when it is installed (apt-get install poppler-utils) as the real alternative.
 * Run: node scripts/bench-verify.mjs [sizeMB] [signatures]
 */
import { register } from 'tsx/esm/api';
import { webcrypto, createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

register();
const { PDFDocument, StandardFonts } = await import('pdf-lib');
const { signPdf, createDevIdentity, signerFromDevIdentity } = await import('../engine/sign/index.ts');
const { verifyPdf } = await import('../engine/verify/index.ts');

const sizeMb = Number(process.argv[2] ?? 10);
const signatures = Number(process.argv[3] ?? 3);
const BUDGET_MS = 200;
const host = { crypto: webcrypto, now: () => new Date(Date.UTC(2025, 0, 1)) };

async function bigPdf(bytes) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText('Benchmark document', { x: 72, y: 720, size: 18, font });
  const payload = new Uint8Array(bytes);
  for (let i = 0; i < payload.length; i += 65536) webcrypto.getRandomValues(payload.subarray(i, Math.min(payload.length, i + 65536)));
  const ref = doc.context.register(doc.context.stream(payload, { Type: 'EmbeddedFile' }));
  doc.catalog.set(doc.context.obj('BenchPayload'), ref);
  return doc.save({ useObjectStreams: false });
}

let pdf = await bigPdf(sizeMb * 1024 * 1024);
const id = await createDevIdentity({}, host);
const signer = (await signerFromDevIdentity(id.value, host)).value;
for (let i = 0; i < signatures; i++) {
  const r = await signPdf(pdf, { signer, reason: `signature ${i + 1}` }, host);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  pdf = r.value;
}

if (process.env.BENCH_SAVE) writeFileSync(process.env.BENCH_SAVE, pdf);
const runs = [];
let report;
for (let i = 0; i < 9; i++) {
  const t = performance.now();
  const r = await verifyPdf(pdf, {}, host);
  runs.push(performance.now() - t);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  report = r.value;
}
if (!report.valid || report.signatures.length !== signatures) throw new Error(`unexpected report: ${report.reason}`);
const median = [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)];

const t0 = performance.now();
for (let i = 0; i < 5; i++) for (let k = 0; k < signatures; k++) createHash('sha256').update(pdf).digest();
const hashMs = (performance.now() - t0) / 5;

console.log(`PDF size: ${(pdf.length / 1048576).toFixed(1)} MB, ${signatures} signatures, ${runs.length} runs (first includes warm-up)`);
console.log(`verifyPdf:                ${median.toFixed(1)} ms median (min ${Math.min(...runs).toFixed(1)}, max ${Math.max(...runs).toFixed(1)})  budget ${BUDGET_MS} ms: ${median < BUDGET_MS ? 'OK' : 'OVER'}`);
console.log(`floor (${signatures} x SHA-256 of file): ${hashMs.toFixed(1)} ms  -> verifyPdf is ${(median / hashMs).toFixed(2)}x the digests alone`);

const dir = mkdtempSync(join(tmpdir(), 'colophon-bench-verify-'));
const path = join(dir, 'bench.pdf');
writeFileSync(path, pdf);
if (spawnSync('sh', ['-c', 'command -v pdfsig']).status === 0) {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    spawnSync('pdfsig', [path], { encoding: 'utf8' });
    times.push(performance.now() - t);
  }
  const p = times.sort((a, b) => a - b)[2];
  console.log(`pdfsig (poppler, process): ${p.toFixed(1)} ms median  -> ratio verifyPdf / pdfsig = ${(median / p).toFixed(2)} (pdfsig checks no revisions, DocMDP or time-stamps)`);
} else {
  console.log('pdfsig not installed (apt-get install poppler-utils): no comparison');
}
process.exit(median < BUDGET_MS ? 0 : 1);
