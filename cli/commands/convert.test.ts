import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
    expect(missing.err).toContain('cannot read the file (ENOENT: no such file or folder)');
  });

  it('prints the summary with warnings by code, and a bar of done/total on a terminal', async () => {
    const dir = fixtureDir();
    const io = fakeIo(true);
    expect(await runCli(['convert', join(dir, 'one.docx'), join(dir, 'two.docx'), '--out-dir', join(dir, 'out'), '--jobs', '1'], io)).toBe(0);
    expect(io.err).toMatch(/\[#{12}\.{12}\] 1\/2 /);
    expect(io.err).toMatch(/\[#{24}\] 2\/2 /);
    expect(io.err).toMatch(/Warnings by code:\n +\d+  [a-z]+\/[a-z-]+/);
    // Not on a terminal: no bar, the same summary.
    const plain = fakeIo(false);
    expect(await runCli(['convert', join(dir, 'one.docx'), join(dir, 'two.docx'), '--out-dir', join(dir, 'out2'), '--jobs', '1'], plain)).toBe(0);
    expect(plain.err).not.toContain('[#');
    expect(plain.err).toMatch(/2\/2 documents converted, 3 pages in [\d.]+ s/);
  });

  it('says clearly what is wrong with an input that is a folder, missing or not a DOCX, and exits 1', async () => {
    const dir = fixtureDir();
    writeFileSync(join(dir, 'notes.txt'), 'plain text');
    const cases: Array<[string, string]> = [
      [dir, 'is a folder, not a DOCX file; to convert the documents in it, name them:'],
      [join(dir, 'nope.docx'), 'cannot read the file (ENOENT: no such file or folder)'],
      [join(dir, 'notes.txt'), 'docx/bad-zip: The file is not a readable DOCX package'],
    ];
    for (const [input, message] of cases) {
      const io = fakeIo();
      expect(await runCli(['convert', input, '-o', join(dir, 'x.pdf')], io), input).toBe(1);
      expect(io.err, input).toContain(message);
      expect(io.err, input).toContain('0/1 documents converted');
    }
  });

  it('refuses an output it cannot write before converting, with a message and exit 1, never a stack trace or a hang', async () => {
    const dir = fixtureDir();
    const one = join(dir, 'one.docx');
    const cases: Array<[string[], string]> = [
      [['-o', join(dir, 'missing', 'x.pdf')], `the folder ${join(dir, 'missing')} does not exist`],
      [['-o', dir], 'is a folder; -o names the PDF file'],
      // A path through a file: mkdirSync threw ENOTDIR out of the command (a stack trace).
      [['--out-dir', join(dir, 'one.docx', 'out')], `${one} is a file, not a folder`],
    ];
    // Node 20's recursive mkdirSync never returned for a folder under /proc.
    if (existsSync('/proc/self')) cases.push([['--out-dir', '/proc/colophon-test/out'], 'cannot create the output folder /proc/colophon-test/out (ENOENT']);
    for (const [args, message] of cases) {
      const io = fakeIo();
      const inputs = args[0] === '-o' ? [one] : [one, join(dir, 'two.docx')];
      expect(await runCli(['convert', ...inputs, ...args], io), args.join(' ')).toBe(1);
      expect(io.err, args.join(' ')).toContain(message);
      expect(io.err).not.toMatch(/\n\s+at /);
      expect(io.out + io.err, args.join(' ')).not.toContain('page'); // refused before any work
    }
    // A file the system will not let us write (even as root): per file, after converting.
    if (existsSync('/proc/version')) {
      const io = fakeIo();
      expect(await runCli(['convert', one, '-o', '/proc/version'], io)).toBe(1);
      expect(io.err).toContain('one.docx: cannot write /proc/version (EIO: input/output error)');
    }
  });

  it('refuses to overwrite its input or to write two inputs to one PDF (exit 2), leaving every file as it was', async () => {
    const dir = fixtureDir();
    const before = readFileSync(join(dir, 'one.docx'));
    const own = fakeIo();
    expect(await runCli(['convert', join(dir, 'one.docx'), '-o', join(dir, '.', 'one.docx')], own)).toBe(2);
    expect(own.err).toContain('is the input itself');
    expect(readFileSync(join(dir, 'one.docx')).equals(before)).toBe(true);
    // A DOCX named .pdf, converted next to itself, was replaced by its PDF.
    writeFileSync(join(dir, 'named.pdf'), before);
    expect(await runCli(['convert', join(dir, 'named.pdf')], fakeIo())).toBe(2);
    expect(readFileSync(join(dir, 'named.pdf')).equals(before)).toBe(true);
    // a/same.docx and b/same.docx into one folder: only the second PDF was left.
    for (const sub of ['a', 'b']) {
      mkdirSync(join(dir, sub));
      writeFileSync(join(dir, sub, 'same.docx'), before);
    }
    const same = fakeIo();
    expect(await runCli(['convert', join(dir, 'a', 'same.docx'), join(dir, 'b', 'same.docx'), '--out-dir', join(dir, 'out')], same)).toBe(2);
    expect(same.err).toContain(`would both be written to ${join(dir, 'out', 'same.pdf')}`);
    expect(existsSync(join(dir, 'out'))).toBe(false);
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

  it('picks worker threads for a batch and for one file, this process only for --jobs 1', () => {
    const cores = availableParallelism();
    // One file runs in a worker too, under the heap limit, with V8's own young generation.
    expect(workerLimits({}, 1)).toEqual({ ok: true, value: { workers: 1, timeoutMs: 120_000, memoryMb: 1024, youngGenerationMb: 48 } });
    expect(workerLimits({}, 5)).toEqual({ ok: true, value: { workers: Math.min(5, cores), timeoutMs: 120_000, memoryMb: 1024 } });
    expect(workerLimits({ jobs: '1' }, 5)).toMatchObject({ value: { workers: 0 } });
    expect(workerLimits({ jobs: '1' }, 1)).toMatchObject({ value: { workers: 0 } });
    expect(workerLimits({ jobs: '8' }, 3)).toMatchObject({ value: { workers: 3 } });
    expect(workerLimits({ timeout: '0.5' }, 1)).toEqual({ ok: true, value: { workers: 1, timeoutMs: 500, memoryMb: 1024, youngGenerationMb: 48 } });
    expect(workerLimits({ memory: '512' }, 1)).toMatchObject({ value: { workers: 1, memoryMb: 512 } });
  });

  it('runs as the installed `colophon` binary', () => {
    const dir = fixtureDir();
    const r = spawnSync(process.execPath, [join(root, 'bin', 'colophon.js'), 'convert', join(dir, 'one.docx'), '-o', join(dir, 'bin.pdf')], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(join(dir, 'bin.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('bounds one file\'s heap as the binary: past --memory it fails with a worker/out-of-memory line and exit 1, not a V8 crash', () => {
    const dir = fixtureDir();
    // 20,000 short paragraphs: about 3 s of layout that holds more than 64 MB of heap.
    const body = Array.from({ length: 20_000 }, (_, i) => para(`Paragraph ${i} of a long document that fills its heap with lines and words.`)).join('');
    writeFileSync(join(dir, 'long.docx'), makeDocx({ body, styles: WORD_DEFAULT_STYLES }));
    const r = spawnSync(process.execPath, [join(root, 'bin', 'colophon.js'), 'convert', join(dir, 'long.docx'), '--memory', '64'], { encoding: 'utf8' });
    expect(r.signal).toBeNull();
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toContain('long.docx: worker/out-of-memory: The job needed more than the per-job memory limit (64 MB); its worker was stopped. Raise --memory if the document is only large.');
    expect(r.stderr).not.toContain('FATAL ERROR');
    expect(existsSync(join(dir, 'long.pdf'))).toBe(false);
  }, 60_000);
});
