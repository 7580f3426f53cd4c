/**
 * `colophon convert`: DOCX → PDF for one file or a batch, with a progress bar on a terminal and a
 * summary (documents, pages, seconds, warnings by code). Parses the arguments and picks the path:
 * documents run on worker threads (one document per worker, time and heap limits), one file as well,
 * and `--jobs 1` in this process; cli/convert-batch.ts does the converting.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { ConvertOptions } from '../../engine/convert';
import { EXIT, type CliCommand } from '../io';
import { parseArgs, type ArgSpec } from '../args';
import { convertFiles, describeFsError } from '../convert-batch';
import { DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_S, ONE_JOB_YOUNG_GENERATION_MB, readLimits } from '../bounded';

const SPEC: ArgSpec = {
  flags: { strict: 'boolean', quiet: 'boolean', help: 'boolean', o: 'string', output: 'string', 'out-dir': 'string', 'tracked-changes': 'string', comments: 'string', jobs: 'string', timeout: 'string', memory: 'string' },
  aliases: { h: 'help', q: 'quiet' },
};

const HELP = `Usage: colophon convert IN.docx [-o OUT.pdf]
       colophon convert A.docx B.docx ... --out-dir DIR

Options:
  -o, --output FILE          output file (single input; default: IN with .pdf)
  --out-dir DIR              output folder (several inputs; default: next to each input)
  --tracked-changes MODE     markup (default), final or original
  --comments MODE            hide (default) or show
  --strict                   treat warnings as errors
  -q, --quiet                no progress bar or per-file lines
  --jobs N                   worker threads (default: as many as inputs and cores allow;
                             one input runs in one worker); 1 = this process, without limits
  --timeout SEC              time limit per document in a worker (default ${DEFAULT_TIMEOUT_S})
  --memory MB                heap limit per worker (default ${DEFAULT_MEMORY_MB})
`;

/** Runs the convert command. */
export const runConvert: CliCommand = async (argv, io) => {
  const args = parseArgs(argv, SPEC);
  if (!args.ok) {
    io.stderr(`colophon convert: ${args.error}\n\n${HELP}`);
    return EXIT.usage;
  }
  const { flags, positional } = args.value;
  if (flags.help) {
    io.stdout(HELP);
    return EXIT.ok;
  }
  if (positional.length === 0) {
    io.stderr(`colophon convert: no input file given.\n\n${HELP}`);
    return EXIT.usage;
  }
  const output = (flags.o ?? flags.output) as string | undefined;
  if (output && positional.length > 1) {
    io.stderr('colophon convert: -o names one output file; use --out-dir for several inputs.\n');
    return EXIT.usage;
  }
  const tracked = flags['tracked-changes'] as string | undefined;
  const comments = flags.comments as string | undefined;
  if (tracked && !['markup', 'final', 'original'].includes(tracked)) {
    io.stderr(`colophon convert: --tracked-changes must be markup, final or original (got '${tracked}').\n`);
    return EXIT.usage;
  }
  if (comments && !['show', 'hide'].includes(comments)) {
    io.stderr(`colophon convert: --comments must be show or hide (got '${comments}').\n`);
    return EXIT.usage;
  }
  const limits = workerLimits(flags, positional.length);
  if (!limits.ok) {
    io.stderr(`colophon convert: ${limits.error}\n`);
    return EXIT.usage;
  }
  const outDir = flags['out-dir'] as string | undefined;
  const outputFor = (input: string): string => output ?? join(outDir ?? dirname(input), basename(input, extname(input)) + '.pdf');
  const clash = outputClash(positional, outputFor);
  if (clash) {
    io.stderr(`colophon convert: ${clash}\n`);
    return EXIT.usage;
  }
  const folder = outDir ? makeFolder(outDir) : output ? checkOutputFile(output) : undefined;
  if (folder) {
    io.stderr(`colophon convert: ${folder}\n`);
    return EXIT.failed;
  }
  const options: ConvertOptions = {
    ...(tracked ? { trackedChanges: tracked as ConvertOptions['trackedChanges'] } : {}),
    ...(comments ? { comments: comments as ConvertOptions['comments'] } : {}),
    ...(flags.strict ? { strict: true } : {}),
  };
  return convertFiles(
    {
      inputs: positional,
      outputFor,
      options,
      ...limits.value,
      quiet: flags.quiet === true,
      now: new Date(),
    },
    io,
  );
};

/** How many worker threads a run uses (0: this process) and their limits. */
export type WorkerLimits = { readonly workers: number; readonly timeoutMs: number; readonly memoryMb: number; readonly youngGenerationMb?: number };

/**
 * Reads --jobs, --timeout and --memory into worker limits. Workers: --jobs N (capped at the number of
 * inputs); without it, min(inputs, cores), so one input runs in one worker under the time and heap
 * limits (cli/bounded.ts); --jobs 1 means this process (0), without them.
 */
export function workerLimits(flags: Readonly<Record<string, unknown>>, inputs: number): { ok: true; value: WorkerLimits } | { ok: false; error: string } {
  const jobs = flags.jobs === undefined ? undefined : Number(flags.jobs);
  if (jobs !== undefined && !(Number.isInteger(jobs) && jobs >= 1 && jobs <= 256)) return { ok: false, error: `--jobs must be a whole number from 1 to 256 (got '${String(flags.jobs)}').` };
  const limits = readLimits(flags);
  if (!limits.ok) return limits;
  const { timeoutMs, memoryMb } = limits.value;
  const wantsLimits = flags.timeout !== undefined || flags.memory !== undefined;
  if (jobs === 1 && wantsLimits) return { ok: false, error: '--timeout and --memory apply to worker threads; --jobs 1 converts in this process. Drop one of them.' };
  const workers = jobs !== undefined ? (jobs === 1 ? 0 : Math.min(jobs, inputs)) : Math.min(inputs, availableParallelism());
  const young = workers === 1 && inputs === 1 ? { youngGenerationMb: ONE_JOB_YOUNG_GENERATION_MB } : {};
  return { ok: true, value: { workers, timeoutMs, memoryMb, ...young } };
}

/**
 * Refuses a plan that would overwrite what it reads or write one PDF twice: an output that is its own
 * input (`-o IN.docx`, or a DOCX named .pdf converted next to itself) replaced the document with
 * its PDF, and two inputs of one name (a/x.docx, b/x.docx) into one --out-dir left only the second.
 */
export function outputClash(inputs: readonly string[], outputFor: (input: string) => string): string | undefined {
  const seen = new Map<string, string>();
  for (const input of inputs) {
    const out = resolve(outputFor(input));
    if (out === resolve(input)) return `the output ${outputFor(input)} is the input itself; converting would replace the document with its PDF. Name another output with -o or --out-dir.`;
    const first = seen.get(out);
    if (first !== undefined) return `${first} and ${input} would both be written to ${outputFor(input)}; convert them into different --out-dir folders, or rename one.`;
    seen.set(out, input);
  }
  return undefined;
}

/**
 * Creates the --out-dir folder and its missing parents, one level at a time: Node 20's recursive
 * mkdirSync never returns for a path under /proc, and a path through a file gave a stack trace.
 * Returns what went wrong, or undefined.
 */
export function makeFolder(dir: string): string | undefined {
  const missing: string[] = [];
  let p = resolve(dir);
  while (!existsSync(p)) {
    missing.unshift(p);
    const up = dirname(p);
    if (up === p) break;
    p = up;
  }
  if (existsSync(p) && !statSync(p).isDirectory()) return `cannot create the output folder ${dir}: ${p} is a file, not a folder.`;
  for (const m of missing) {
    try {
      mkdirSync(m);
    } catch (e) {
      return `cannot create the output folder ${dir} (${describeFsError(e)}).`;
    }
  }
  return undefined;
}

/** Checks -o before converting: a folder there, or a folder that does not exist, would fail only after the work. */
function checkOutputFile(output: string): string | undefined {
  if (existsSync(output) && statSync(output).isDirectory()) return `-o ${output} is a folder; -o names the PDF file (use --out-dir to write into a folder).`;
  const parent = dirname(resolve(output));
  if (!existsSync(parent)) return `cannot write ${output}: the folder ${dirname(output)} does not exist.`;
  if (!statSync(parent).isDirectory()) return `cannot write ${output}: ${dirname(output)} is a file, not a folder.`;
  return undefined;
}
