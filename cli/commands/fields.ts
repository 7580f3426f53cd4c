/**
 * `colophon fields`: lists a DOCX template's fields (name, source, type, location, current value)
 * as JSON, so a caller can see what a fill request needs.
 */
import { readFileSync } from 'node:fs';
import { listFields } from '../../engine/template';
import { createNodeHost } from '../../node/host';
import { parseArgs, type ArgSpec } from '../args';
import { EXIT, type CliCommand } from '../io';

const SPEC: ArgSpec = { flags: { delimiters: 'string', help: 'boolean' }, aliases: { h: 'help' } };

const HELP = `Usage: colophon fields TEMPLATE.docx [--delimiters '{{ }}']

Prints the template's fields as a JSON list: content controls (tag, alias, id, type, level, list
items, date format), {{placeholders}}, loops and conditions, MERGEFIELDs (with switches) and
picture placeholders, each with its location (part, story, in a table / text box) and current value.
`;

/** Runs the fields command. */
export const runFields: CliCommand = async (argv, io) => {
  const args = parseArgs(argv, SPEC);
  if (!args.ok || (args.value.positional.length !== 1 && !args.value.flags.help)) {
    io.stderr(`colophon fields: ${args.ok ? 'give exactly one template.' : args.error}\n\n${HELP}`);
    return EXIT.usage;
  }
  if (args.value.flags.help) {
    io.stdout(HELP);
    return EXIT.ok;
  }
  const input = args.value.positional[0]!;
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(input));
  } catch (e) {
    io.stderr(`colophon fields: cannot read ${input} (${(e as NodeJS.ErrnoException).code ?? String(e)}).\n`);
    return EXIT.failed;
  }
  const delimiters = args.value.flags.delimiters as string | undefined;
  const result = listFields(bytes, delimiters ? { delimiters } : {}, createNodeHost());
  if (!result.ok) {
    for (const e of result.errors) io.stderr(`colophon fields: ${e.code}: ${e.message}${e.hint ? ` ${e.hint}` : ''}\n`);
    return EXIT.failed;
  }
  io.stdout(JSON.stringify(result.value, null, 2) + '\n');
  return EXIT.ok;
};
