import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeDocx, para, WORD_DEFAULT_STYLES } from '../../tests/helpers/make-docx';
import type { CliIo } from '../io';
import { runCli } from '../main';
import { workerLimits } from './convert';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function fakeIo(isTTY = false): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', isTTY, columns: 80, stdout: (t: string) => void (io.out += t), stderr: (t: string) => void (io.err += t) };
  return io;
}

function fixtureDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'colophon-cli-'));
  writeFileSync(join(dir, 'one.docx'), makeDocx({ body: para('First document.'), styles: WORD_DEFAULT_STYLES }));
  writeFileSync(join(dir, 'two.docx'), makeDocx({ body: para('Second document.') + para('More.', '<w:pageBreakBefore/>'), styles: WORD_DEFAULT_STYLES }));
  writeFileSync(join(dir, 'broken.docx'), 'this is not a zip file');
  return dir;
}

describe('colophon convert', () => {
  it('converts one file next to it, or to -o', async () => {
    const dir = fixtureDir();
    const io = fakeIo();
    expect(await runCli(['convert', join(dir, 'one.docx')], io)).toBe(0);
    const pdf = readFileSync(join(dir, 'one.pdf'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(io.out).toContain('one.docx: 1 page');
    expect(await runCli(['convert', join(dir, 'two.docx'), '-o', join(dir, 'custom.pdf')], fakeIo())).toBe(0);
    expect(existsSync(join(dir, 'custom.pdf'))).toBe(true);
  });

  it('converts a batch into --out-dir with a progress bar on a terminal and a summary', async () => {
    const dir = fixtureDir();
    const io = fakeIo(true);
    const code = await runCli(['convert', join(dir, 'one.docx'), join(dir, 'two.docx'), '--out-dir', join(dir, 'out')], io);
    expect(code).toBe(0);
    expect(existsSync(join(dir, 'out', 'one.pdf'))).toBe(true);
    expect(existsSync(join(dir, 'out', 'two.pdf'))).toBe(true);
    expect(io.err).toContain('[');
    expect(io.err).toMatch(/2\/2 documents converted, 3 pages in [\d.]+ s/);
  });

  it('reports bad input clearly, keeps going, and exits non-zero', async () => {
    const dir = fixtureDir();
    const io = fakeIo();
    // In this process (--jobs 1); cli/convert-batch.test.ts covers the same on worker threads.
    const code = await runCli(['convert', join(dir, 'broken.docx'), join(dir, 'one.docx'), '--out-dir', join(dir, 'out'), '--jobs', '1'], io);
    expect(code).toBe(1);
    expect(io.err).toContain('broken.docx: docx/bad-zip: ');
    expect(io.err).toContain('not a zip package');
    expect(io.err).toContain('1/2 documents converted');
    expect(existsSync(join(dir, 'out', 'one.pdf'))).toBe(true);
    const missing = fakeIo();
    expect(await runCli(['convert', join(dir, 'nope.docx')], missing)).toBe(1);
    expect(missing.err).toContain('cannot read the file (ENOENT)');
  });

  it('rejects usage errors with exit code 2', async () => {
    for (const argv of [['convert'], ['convert', 'a.docx', 'b.docx', '-o', 'x.pdf'], ['convert', 'a.docx', '--bogus'], ['convert', 'a.docx', '--tracked-changes', 'maybe'], ['frobnicate'],
    ['convert', 'a.docx', '--jobs', '0'], ['convert', 'a.docx', '--jobs', 'two'], ['convert', 'a.docx', '--timeout', '0'], ['convert', 'a.docx', '--memory', '10'],
    ['convert', 'a.docx', 'b.docx', '--jobs', '1', '--timeout', '5']]) {
      const io = fakeIo();
      expect(await runCli(argv, io), argv.join(' ')).toBe(2);
      expect(io.err.length).toBeGreaterThan(0);
    }
    const help = fakeIo();
    expect(await runCli(['convert', '--help'], help)).toBe(0);
    expect(help.out).toContain('Usage: colophon convert');
  });

  it('picks worker threads for a batch, this process for one file or --jobs 1', () => {
    const cores = availableParallelism();
    expect(workerLimits({}, 1)).toEqual({ ok: true, value: { workers: 0, timeoutMs: 120_000, memoryMb: 2048 } });
    expect(workerLimits({}, 5)).toMatchObject({ value: { workers: Math.min(5, cores) } });
    expect(workerLimits({ jobs: '1' }, 5)).toMatchObject({ value: { workers: 0 } });
    expect(workerLimits({ jobs: '8' }, 3)).toMatchObject({ value: { workers: 3 } });
    // A limit asked for on one file needs a worker to be enforced.
    expect(workerLimits({ timeout: '0.5' }, 1)).toEqual({ ok: true, value: { workers: 1, timeoutMs: 500, memoryMb: 2048 } });
    expect(workerLimits({ memory: '512' }, 1)).toMatchObject({ value: { workers: 1, memoryMb: 512 } });
  });

  it('runs as the installed `colophon` binary', () => {
    const dir = fixtureDir();
    const r = spawnSync(process.execPath, [join(root, 'bin', 'colophon.js'), 'convert', join(dir, 'one.docx'), '-o', join(dir, 'bin.pdf')], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(join(dir, 'bin.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
