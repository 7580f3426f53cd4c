/**
 * `colophon convert`: DOCX → PDF for one file or a batch, with a progress bar on a terminal and a
 * summary (documents, pages, seconds, warnings by code).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { countByCode, type Diagnostic } from '../../engine/core';
import { convertDocxToPdf, type ConvertOptions } from '../../engine/convert';
import { createNodeHost } from '../../node/host';
import { EXIT, type CliCommand, type CliIo } from '../io';
import { parseArgs, type ArgSpec } from '../args';
import { ProgressBar } from '../progress';

const SPEC: ArgSpec = {
  flags: { strict: 'boolean', quiet: 'boolean', help: 'boolean', o: 'string', output: 'string', 'out-dir': 'string', 'tracked-changes': 'string', comments: 'string' },
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
  const outDir = flags['out-dir'] as string | undefined;
  if (outDir) mkdirSync(outDir, { recursive: true });
  const options: ConvertOptions = {
    ...(tracked ? { trackedChanges: tracked as ConvertOptions['trackedChanges'] } : {}),
    ...(comments ? { comments: comments as ConvertOptions['comments'] } : {}),
    ...(flags.strict ? { strict: true } : {}),
  };
  return convertAll(positional, (input) => output ?? join(outDir ?? dirname(input), basename(input, extname(input)) + '.pdf'), options, io, flags.quiet === true);
};

async function convertAll(inputs: readonly string[], outputFor: (input: string) => string, options: ConvertOptions, io: CliIo, quiet: boolean): Promise<number> {
  const started = performance.now();
  const host = createNodeHost();
  const bar = !quiet && io.isTTY && inputs.length > 1 ? new ProgressBar(io, inputs.length) : undefined;
  const warnings: Diagnostic[] = [];
  let pages = 0;
  let failed = 0;
  for (let i = 0; i < inputs.length; i++) {
    const input = inputs[i]!;
    bar?.update(i, basename(input));
    const result = await convertOne(input, outputFor(input), options, host);
    warnings.push(...result.warnings);
    if (result.ok) pages += result.pages;
    else failed++;
    const line = result.ok
      ? `${basename(input)}: ${result.pages} page${result.pages === 1 ? '' : 's'} → ${result.output}${result.warnings.length ? ` (${count(result.warnings)} warnings)` : ''}\n`
      : `${basename(input)}: ${result.message}\n`;
    if (bar) bar.log(line);
    else if (!result.ok) io.stderr(line);
    else if (!quiet) io.stdout(line);
  }
  bar?.done();
  const seconds = (performance.now() - started) / 1000;
  if (!quiet || failed > 0) io.stderr(summary(inputs.length, failed, pages, seconds, warnings));
  return failed > 0 ? EXIT.failed : EXIT.ok;
}

type OneResult = { ok: true; pages: number; output: string; warnings: readonly Diagnostic[] } | { ok: false; message: string; warnings: readonly Diagnostic[] };

async function convertOne(input: string, output: string, options: ConvertOptions, host: ReturnType<typeof createNodeHost>): Promise<OneResult> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(input));
  } catch (e) {
    return { ok: false, message: `cannot read the file (${(e as NodeJS.ErrnoException).code ?? String(e)}).`, warnings: [] };
  }
  const result = await convertDocxToPdf(bytes, { ...options, fileName: basename(input) }, host);
  if (!result.ok) {
    const e = result.errors[0]!;
    return { ok: false, message: `${e.code}: ${e.message}${e.hint ? ` ${e.hint}` : ''}`, warnings: result.warnings };
  }
  try {
    writeFileSync(output, result.value.pdf);
  } catch (e) {
    return { ok: false, message: `cannot write ${output} (${(e as NodeJS.ErrnoException).code ?? String(e)}).`, warnings: result.warnings };
  }
  return { ok: true, pages: result.value.pages, output: resolve(output), warnings: result.warnings };
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
