/**
 * `colophon convert`'s two paths: worker threads give the same PDF bytes as this process (same
 * options, one clock for the batch), and a document that fails, hangs or exhausts its heap fails by
 * itself with its own line while the rest of the batch converts.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeDocx, para, WORD_DEFAULT_STYLES } from '../tests/helpers/make-docx';
import { MISBEHAVING_PDF, spawnMisbehaving } from '../tests/helpers/misbehaving-worker';
import { convertFiles, type BatchPlan } from './convert-batch';
import type { CliIo } from './io';

function fakeIo(isTTY = false): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', isTTY, columns: 80, stdout: (t: string) => void (io.out += t), stderr: (t: string) => void (io.err += t) };
  return io;
}

/** A DATE field to the second: its text, and so the PDF, depends on the batch clock. */
const DATED = `<w:p><w:r><w:t xml:space="preserve">Printed </w:t></w:r><w:fldSimple w:instr=' DATE \\@ "yyyy-MM-dd HH:mm:ss" '><w:r><w:t>old</w:t></w:r></w:fldSimple></w:p>`;

function plan(dir: string, inputs: string[], outDir: string, over: Partial<BatchPlan>): BatchPlan {
  mkdirSync(join(dir, outDir), { recursive: true });
  return {
    inputs: inputs.map((n) => join(dir, n)),
    outputFor: (input) => join(dir, outDir, basename(input).replace(/\.docx$/, '.pdf')),
    options: { trackedChanges: 'final' },
    workers: 0,
    timeoutMs: 60_000,
    memoryMb: 1024,
    quiet: false,
    now: new Date(Date.UTC(2024, 1, 29, 13, 14, 15)),
    ...over,
  };
}

/** The summary without its timing, which is all that may differ between two runs. */
const summaryOf = (err: string) => (/\d+\/\d+ documents converted[\s\S]*$/.exec(err)?.[0] ?? '').replace(/in [\d.]+ s \([\d.∞]+ pages\/s\)/, 'in T');

describe('colophon convert on worker threads', () => {
  it('gives the same PDF bytes and summary as in-process conversion; a broken file fails alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'colophon-batch-'));
    writeFileSync(join(dir, 'dated.docx'), makeDocx({ body: DATED + para('A second paragraph.'), styles: WORD_DEFAULT_STYLES }));
    writeFileSync(join(dir, 'two.docx'), makeDocx({ body: para('Second document.') + para('More.', '<w:pageBreakBefore/>'), styles: WORD_DEFAULT_STYLES }));
    writeFileSync(join(dir, 'broken.docx'), 'this is not a zip file');
    const inputs = ['dated.docx', 'broken.docx', 'two.docx'];
    const seq = fakeIo(true);
    expect(await convertFiles(plan(dir, inputs, 'seq', { workers: 0 }), seq)).toBe(1);
    const par = fakeIo(true);
    expect(await convertFiles(plan(dir, inputs, 'par', { workers: 2 }), par)).toBe(1);
    for (const name of ['dated.pdf', 'two.pdf']) {
      const a = readFileSync(join(dir, 'seq', name));
      expect(a.subarray(0, 5).toString()).toBe('%PDF-');
      expect(Buffer.compare(a, readFileSync(join(dir, 'par', name))), name).toBe(0);
    }
    // The clock does reach the page: another time gives other bytes, so the equality above means something.
    await convertFiles(plan(dir, ['dated.docx'], 'later', { now: new Date(Date.UTC(2030, 0, 1)), quiet: true }), fakeIo());
    expect(Buffer.compare(readFileSync(join(dir, 'seq', 'dated.pdf')), readFileSync(join(dir, 'later', 'dated.pdf')))).not.toBe(0);
    for (const io of [seq, par]) {
      expect(io.err).toContain('broken.docx: docx/bad-zip: ');
      expect(io.err).toMatch(/\] \d\/3 [^\n]*two\.docx/); // the progress bar names what is being converted
      expect(io.err).toMatch(/two\.docx: 2 pages → /);
    }
    expect(existsSync(join(dir, 'par', 'broken.pdf'))).toBe(false);
    expect(summaryOf(par.err)).toBe(summaryOf(seq.err));
    expect(summaryOf(par.err)).toContain('2/3 documents converted, 3 pages in T, 1 failed.');
  });

  it('reports a document that overruns the time limit or its heap limit per file and converts the rest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'colophon-batch-'));
    // The stand-in worker acts on the file's last word (tests/helpers/misbehaving-worker.ts).
    for (const [name, mode] of [['a.docx', 'fine'], ['slow.docx', 'hang'], ['greedy.docx', 'oom'], ['b.docx', 'fine']] as const) writeFileSync(join(dir, name), mode);
    const io = fakeIo();
    const started = performance.now();
    const code = await convertFiles(plan(dir, ['a.docx', 'slow.docx', 'greedy.docx', 'b.docx'], 'out', { workers: 2, timeoutMs: 4000, memoryMb: 32, spawn: spawnMisbehaving }), io);
    expect(code).toBe(1);
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(io.err).toContain('slow.docx: worker/timeout: The job did not finish within the per-job time limit of 4 s; it was stopped. Raise --timeout');
    expect(io.err).toContain('greedy.docx: worker/out-of-memory: The job needed more than the per-job memory limit (32 MB)');
    expect(io.err).toContain('2/4 documents converted, 2 pages in ');
    expect(io.out).toMatch(/a\.docx: 1 page → /);
    expect(io.out).toMatch(/b\.docx: 1 page → /);
    for (const name of ['a.pdf', 'b.pdf']) expect(new Uint8Array(readFileSync(join(dir, 'out', name)))).toEqual(MISBEHAVING_PDF);
    expect(existsSync(join(dir, 'out', 'slow.pdf'))).toBe(false);
  });
});
