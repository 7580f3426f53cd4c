/**
 * Converts a list of DOCX files to PDF for `colophon convert`: in this process one after another, or
 * on a pool of worker threads (worker/pool.ts), where each document runs alone in a worker with a
 * time limit and a V8 heap limit, so a document that hangs or exhausts memory fails by itself and the
 * batch goes on. Both paths give the same bytes: the same engine options and one clock for the batch.
 * In: a BatchPlan. Out: per-file lines (in the order files finish) and a summary on io, and the exit
 * code. Must not: hold engine logic (the engine or the worker API does the work).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import * as Comlink from 'comlink';
import { countByCode, type Diagnostic, type Result } from '../engine/core';
import { convertDocxToPdf, type ConvertOptions } from '../engine/convert';
import { createNodeHost } from '../node/host';
import type { ConvertOutput } from '../worker/api';
import { createWorkerPool, type EnginePool, type PoolOptions } from '../worker/pool';
import { runOnPool } from './bounded';
import { EXIT, type CliIo } from './io';
import { ProgressBar } from './progress';

/** What to convert and how. */
export interface BatchPlan {
  readonly inputs: readonly string[];
  readonly outputFor: (input: string) => string;
  readonly options: ConvertOptions;
  /** Worker threads; 0 converts in this process, one document after another. */
  readonly workers: number;
  /** Per-document time limit in a worker, in milliseconds. */
  readonly timeoutMs: number;
  /** Per-worker V8 heap limit (old generation), in MB. */
  readonly memoryMb: number;
  /** Per-worker young generation, in MB (default: the pool's, worker/pool.ts). */
  readonly youngGenerationMb?: number;
  readonly quiet: boolean;
  /** The clock every document of the batch sees (DATE fields), in both paths alike. */
  readonly now: Date;
  /** Starts a worker (tests substitute misbehaving ones). */
  readonly spawn?: PoolOptions['spawn'];
}

type FileResult = { ok: true; pages: number; output: string; warnings: readonly Diagnostic[] } | { ok: false; message: string; warnings: readonly Diagnostic[] };

/** Converts one input; calls `onStart` when the work on it begins (a worker took it). */
type ConvertFile = (input: string, output: string, onStart: () => void) => Promise<FileResult>;

/** Converts every input of the plan, reports each and sums them up; returns the exit code. */
export async function convertFiles(plan: BatchPlan, io: CliIo): Promise<number> {
  const started = performance.now();
  const { inputs } = plan;
  const bar = !plan.quiet && io.isTTY && inputs.length > 1 ? new ProgressBar(io, inputs.length) : undefined;
  const results: FileResult[] = [];
  const running = new Map<number, string>();
  let done = 0;
  const show = (): void => bar?.update(done, [...running.values()].join(', '));
  const pool = plan.workers > 0 ? createWorkerPool({ size: plan.workers, queueSize: plan.workers, timeoutMs: plan.timeoutMs, memoryMb: plan.memoryMb, ...(plan.youngGenerationMb !== undefined ? { youngGenerationMb: plan.youngGenerationMb } : {}), ...(plan.spawn ? { spawn: plan.spawn } : {}) }) : undefined;
  const convert = pool ? inWorker(pool, plan) : inProcess(plan);
  try {
    await eachInLanes(inputs.length, pool ? plan.workers : 1, async (i) => {
      const input = inputs[i]!;
      const result = await convert(input, plan.outputFor(input), () => {
        running.set(i, basename(input));
        show();
      });
      results[i] = result;
      running.delete(i);
      done++;
      printLine(io, bar, plan.quiet, input, result);
      show();
    });
  } finally {
    await pool?.close();
  }
  bar?.done();
  // Summed in input order, so the summary (and the order of equal warning counts) does not depend on
  // which worker finished first.
  const warnings = results.flatMap((r) => r.warnings);
  const pages = results.reduce((n, r) => n + (r.ok ? r.pages : 0), 0);
  const failed = results.filter((r) => !r.ok).length;
  const seconds = (performance.now() - started) / 1000;
  if (!plan.quiet || failed > 0) io.stderr(summary(inputs.length, failed, pages, seconds, warnings));
  return failed > 0 ? EXIT.failed : EXIT.ok;
}

/** Runs `each(0..count-1)` with at most `lanes` running at once, taking indices in order. */
async function eachInLanes(count: number, lanes: number, each: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < count) await each(next++);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, count)) }, lane));
}

function inProcess(plan: BatchPlan): ConvertFile {
  const at = plan.now.getTime();
  const host = createNodeHost({ now: () => new Date(at) });
  return async (input, output, onStart) => {
    onStart();
    const bytes = readInput(input);
    if (!bytes.ok) return bytes;
    return finish(await convertDocxToPdf(bytes.value, { ...plan.options, fileName: basename(input) }, host), output);
  };
}

function inWorker(pool: EnginePool, plan: BatchPlan): ConvertFile {
  const now = plan.now.toISOString();
  return async (input, output, onStart) => {
    const bytes = readInput(input);
    if (!bytes.ok) return bytes;
    const options: ConvertOptions = { ...plan.options, fileName: basename(input) };
    const result = await runOnPool<Result<ConvertOutput>>(pool, (api, job) => {
      onStart();
      return api.convert(Comlink.transfer(bytes.value, [bytes.value.buffer]), options, { ...job, now });
    });
    return result.ok ? finish(result.value, output) : { ok: false, message: result.message, warnings: [] };
  };
}

function readInput(input: string): { ok: true; value: Uint8Array } | { ok: false; message: string; warnings: readonly Diagnostic[] } {
  try {
    return { ok: true, value: new Uint8Array(readFileSync(input)) };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EISDIR') {
      return { ok: false, message: `is a folder, not a DOCX file; to convert the documents in it, name them: ${input.replace(/[\\/]+$/, '')}/*.docx --out-dir OUT.`, warnings: [] };
    }
    return { ok: false, message: `cannot read the file (${describeFsError(e)}).`, warnings: [] };
  }
}

/** What a file system error means, with its code: `ENOENT: no such file or folder`. */
export function describeFsError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  const meaning: Readonly<Record<string, string>> = {
    ENOENT: 'no such file or folder', EACCES: 'permission denied', EPERM: 'operation not permitted', EISDIR: 'it is a folder',
    ENOTDIR: 'a part of the path is a file, not a folder', EROFS: 'read-only file system', ENOSPC: 'no space left on the device', EEXIST: 'it already exists', EIO: 'input/output error',
  };
  return code ? `${code}${meaning[code] ? `: ${meaning[code]}` : ''}` : String(e);
}

function finish(result: Result<ConvertOutput>, output: string): FileResult {
  if (!result.ok) {
    const e = result.errors[0]!;
    return { ok: false, message: `${e.code}: ${e.message}${e.hint ? ` ${e.hint}` : ''}`, warnings: result.warnings };
  }
  try {
    writeFileSync(output, result.value.pdf);
  } catch (e) {
    return { ok: false, message: `cannot write ${output} (${describeFsError(e)}).`, warnings: result.warnings };
  }
  return { ok: true, pages: result.value.pages, output: resolve(output), warnings: result.warnings };
}

function printLine(io: CliIo, bar: ProgressBar | undefined, quiet: boolean, input: string, result: FileResult): void {
  const line = result.ok
    ? `${basename(input)}: ${result.pages} page${result.pages === 1 ? '' : 's'} → ${result.output}${result.warnings.length ? ` (${count(result.warnings)} warnings)` : ''}\n`
    : `${basename(input)}: ${result.message}\n`;
  if (bar) bar.log(line);
  else if (!result.ok) io.stderr(line);
  else if (!quiet) io.stdout(line);
}

function count(list: readonly Diagnostic[]): number {
  let n = 0;
  for (const d of list) n += d.count ?? 1;
  return n;
}

function summary(docs: number, failed: number, pages: number, seconds: number, warnings: readonly Diagnostic[]): string {
  const lines = [
    `\n${docs - failed}/${docs} documents converted, ${pages} pages in ${seconds.toFixed(2)} s (${seconds > 0 ? (pages / seconds).toFixed(1) : '∞'} pages/s)${failed ? `, ${failed} failed` : ''}.`,
  ];
  const byCode = Object.entries(countByCode(warnings)).sort((a, b) => b[1] - a[1]);
  if (byCode.length > 0) {
    lines.push('Warnings by code:');
    for (const [code, n] of byCode) lines.push(`  ${String(n).padStart(6)}  ${code}`);
  }
  return lines.join('\n') + '\n';
}
