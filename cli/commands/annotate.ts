/**
 * `colophon annotate`: fills a DOCX template from a fields list or a data object and writes a DOCX,
 * or a PDF when the output name ends in .pdf. Prints the report {filled, missing, unknown} as JSON.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { Diagnostic, Result } from '../../engine/core';
import type { AnnotateOutput } from '../../worker/api';
import * as Comlink from 'comlink';
import type { FillRequest } from '../../engine/template';
import { parseArgs, type ArgSpec } from '../args';
import { limitHelp, readLimits, runBounded } from '../bounded';
import { EXIT, type CliCommand, type CliIo } from '../io';

const SPEC: ArgSpec = {
  flags: { fields: 'string', data: 'string', delimiters: 'string', o: 'string', output: 'string', strict: 'boolean', flatten: 'boolean', 'remove-missing': 'boolean', quiet: 'boolean', help: 'boolean', timeout: 'string', memory: 'string' },
  aliases: { h: 'help', q: 'quiet' },
};

const HELP = `Usage: colophon annotate TEMPLATE.docx (--fields FIELDS.json | --data DATA.json) [--delimiters '{{ }}'] [-o OUT.docx|OUT.pdf]

Options:
  --fields FILE        the /v1/annotate fields list: [{ "id" | "group", "type", "value", "options"? }]
                       (or an object with a "fields" list)
  --data FILE          one JSON object whose keys feed placeholders, loops and controls by name
  --delimiters 'S E'   placeholder delimiters (default '{{ }}'; '{ }' for single-brace templates)
  -o, --output FILE    output file; .pdf converts the filled document (default: TEMPLATE-filled.docx)
  --strict             fail when a template field gets no value or a given id matches nothing
  --flatten            replace content controls by their content
  --remove-missing     remove template fields that got no value
  -q, --quiet          do not print the report
${limitHelp(23)}
The template is filled in a worker thread under the time and heap limits; past them the command
fails with one line (worker/out-of-memory: …) and exit status 1.

The report {filled, missing, unknown} is printed to stdout as JSON.
`;

/** Runs the annotate command. */
export const runAnnotate: CliCommand = async (argv, io) => {
  const args = parseArgs(argv, SPEC);
  if (!args.ok) return usage(io, args.error);
  const { flags, positional } = args.value;
  if (flags.help) {
    io.stdout(HELP);
    return EXIT.ok;
  }
  if (positional.length !== 1) return usage(io, positional.length === 0 ? 'no template given.' : 'give exactly one template.');
  if (!flags.fields && !flags.data) return usage(io, 'give --fields FILE or --data FILE.');
  const limits = readLimits(flags);
  if (!limits.ok) return usage(io, limits.error);
  const input = positional[0]!;
  const output = (flags.o ?? flags.output ?? join(dirname(input), `${basename(input, extname(input))}-filled.docx`)) as string;
  const to = extname(output).toLowerCase() === '.pdf' ? 'pdf' : 'docx';
  const request = readRequest(flags.fields as string | undefined, flags.data as string | undefined);
  if (typeof request === 'string') {
    io.stderr(`colophon annotate: ${request}\n`);
    return EXIT.failed;
  }
  let template: Uint8Array;
  try {
    template = new Uint8Array(readFileSync(input));
  } catch (e) {
    io.stderr(`colophon annotate: cannot read ${input} (${(e as NodeJS.ErrnoException).code ?? String(e)}).\n`);
    return EXIT.failed;
  }
  const options = {
    to,
    fileName: basename(input),
    ...(flags.delimiters ? { delimiters: flags.delimiters as string } : {}),
    ...(flags.strict ? { strict: true } : {}),
    ...(flags.flatten ? { flatten: true } : {}),
    ...(flags['remove-missing'] ? { removeMissing: true } : {}),
  } as const;
  const run = await runBounded<Result<AnnotateOutput>>(limits.value, (api, job) => api.annotate(Comlink.transfer(template, [template.buffer]), request, options, job));
  if (!run.ok) {
    io.stderr(`colophon annotate: ${run.message}\n`);
    return EXIT.failed;
  }
  const result = run.value;
  printWarnings(io, result.warnings);
  if (!result.ok) {
    for (const e of result.errors.slice(0, 20)) io.stderr(`colophon annotate: ${e.code}: ${e.message}${e.hint ? ` ${e.hint}` : ''}\n`);
    return EXIT.failed;
  }
  try {
    writeFileSync(output, result.value.document);
  } catch (e) {
    io.stderr(`colophon annotate: cannot write ${output} (${(e as NodeJS.ErrnoException).code ?? String(e)}).\n`);
    return EXIT.failed;
  }
  if (!flags.quiet) io.stdout(JSON.stringify({ output: resolve(output), report: result.value.report }, null, 2) + '\n');
  return EXIT.ok;
};

function usage(io: CliIo, message: string): number {
  io.stderr(`colophon annotate: ${message}\n\n${HELP}`);
  return EXIT.usage;
}

/** Reads the fields and/or data files into a request, or returns an error message. */
function readRequest(fieldsFile: string | undefined, dataFile: string | undefined): FillRequest | string {
  const fields = fieldsFile === undefined ? undefined : readJson(fieldsFile);
  if (typeof fields === 'string') return fields;
  const data = dataFile === undefined ? undefined : readJson(dataFile);
  if (typeof data === 'string') return data;
  const list = fields && !Array.isArray(fields.value) && typeof fields.value === 'object' && fields.value !== null && 'fields' in fields.value
    ? (fields.value as { fields: unknown }).fields
    : fields?.value;
  if (fields && !Array.isArray(list)) return `${fieldsFile} must hold a JSON list of fields (or an object with a "fields" list).`;
  if (data && (typeof data.value !== 'object' || data.value === null || Array.isArray(data.value))) return `${dataFile} must hold one JSON object.`;
  return {
    ...(list !== undefined ? { fields: list as FillRequest['fields'] } : {}),
    ...(data !== undefined ? { data: data.value as Record<string, unknown> } : {}),
  };
}

function readJson(file: string): { value: unknown } | string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return `cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? String(e)}).`;
  }
  try {
    return { value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown };
  } catch (e) {
    return `${file} is not valid JSON (${e instanceof Error ? e.message : String(e)}).`;
  }
}

function printWarnings(io: CliIo, warnings: readonly Diagnostic[]): void {
  for (const w of warnings.slice(0, 20)) io.stderr(`warning: ${w.code}: ${w.message}${w.count && w.count > 1 ? ` (×${w.count})` : ''}\n`);
  if (warnings.length > 20) io.stderr(`warning: ${warnings.length - 20} more warnings not shown\n`);
}
