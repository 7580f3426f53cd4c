/**
 * `annotate`, `sign` and `verify` run their engine job in a heap-bounded worker (cli/bounded.ts), as
 * `convert` does: before, they ran in the command's own process without a heap or time limit (and
 * refused --memory and --timeout as unknown flags), so a hostile document could grow the process
 * without a bound and end in a V8 crash dump.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeDocx, para, WORD_DEFAULT_STYLES } from '../tests/helpers/make-docx';
import { misbehavingJob, spawnMisbehaving } from '../tests/helpers/misbehaving-worker';
import { makePdf } from '../tests/sign/helpers/make-pdf';
import { readLimits, runBounded } from './bounded';
import type { CliIo } from './io';
import { runSign } from './commands/sign';
import { runVerify } from './commands/verify';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function capture(): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', isTTY: false, stdout: (t: string) => void (io.out += t), stderr: (t: string) => void (io.err += t) };
  return io;
}

describe('the CLI runs one job in a heap-bounded worker', () => {
  it('reads --timeout and --memory, with the defaults of convert', () => {
    expect(readLimits({})).toEqual({ ok: true, value: { timeoutMs: 120_000, memoryMb: 1024 } });
    expect(readLimits({ timeout: '0.5', memory: '256' })).toEqual({ ok: true, value: { timeoutMs: 500, memoryMb: 256 } });
    expect(readLimits({ memory: '10' })).toMatchObject({ ok: false, error: expect.stringContaining('--memory must be') });
  });

  it('turns a worker past its heap limit into one worker/out-of-memory line', async () => {
    const r = await runBounded({ timeoutMs: 20_000, memoryMb: 32 }, misbehavingJob('oom'), spawnMisbehaving);
    expect(r).toEqual({ ok: false, message: 'worker/out-of-memory: The job needed more than the per-job memory limit (32 MB); its worker was stopped. Raise --memory if the document is only large.' });
  }, 60_000);

  it('annotate, as the binary: past --memory it fails with a worker/out-of-memory line and exit 1, not a V8 crash', () => {
    const dir = mkdtempSync(join(tmpdir(), 'colophon-bounded-'));
    // 20,000 short paragraphs and one placeholder: converting the filled document holds more than 64 MB of heap.
    const body = para('Offer for {{name}}') + Array.from({ length: 20_000 }, (_, i) => para(`Paragraph ${i} of a long document that fills its heap with lines and words.`)).join('');
    writeFileSync(join(dir, 'long.docx'), makeDocx({ body, styles: WORD_DEFAULT_STYLES }));
    writeFileSync(join(dir, 'data.json'), '{"name":"Ada"}');
    const r = spawnSync(process.execPath, [join(root, 'bin', 'colophon.js'), 'annotate', join(dir, 'long.docx'), '--data', join(dir, 'data.json'), '-o', join(dir, 'long.pdf'), '--memory', '64'], { encoding: 'utf8' });
    expect(r.signal).toBeNull();
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toContain('colophon annotate: worker/out-of-memory: The job needed more than the per-job memory limit (64 MB); its worker was stopped. Raise --memory if the document is only large.');
    expect(r.stderr).not.toContain('FATAL ERROR');
    expect(existsSync(join(dir, 'long.pdf'))).toBe(false);
  }, 60_000);

  it('sign and verify run under the limits too: past --timeout each fails with the worker line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'colophon-bounded-'));
    const input = join(dir, 'in.pdf');
    writeFileSync(input, await makePdf());
    const signIo = capture();
    expect(await runSign([input, '-o', join(dir, 'out.pdf'), '--dev', '--data-dir', dir, '--timeout', '0.001'], signIo)).toBe(1);
    expect(signIo.err).toContain('colophon sign: worker/timeout: The job did not finish within the per-job time limit of 0.001 s');
    expect(signIo.err).toContain('Raise --timeout if the document is only large.');
    expect(existsSync(join(dir, 'out.pdf'))).toBe(false);
    const verifyIo = capture();
    // 2: could not evaluate (1 would say the signature is not valid).
    expect(await runVerify([input, '--timeout', '0.001'], verifyIo)).toBe(2);
    expect(verifyIo.err).toContain('colophon verify: worker/timeout: The job did not finish within the per-job time limit of 0.001 s');
    expect(await runVerify([input, '--memory', '10'], capture())).toBe(2);
  }, 60_000);
});
