/**
 * The `colophon` command line: dispatches to one module per command.
 */
import type { CliCommand, CliIo } from './io';
import { EXIT } from './io';

type Loader = () => Promise<CliCommand>;

const COMMANDS: Record<string, { summary: string; load: Loader }> = {
  convert: { summary: 'convert DOCX files to PDF', load: async () => (await import('./commands/convert')).runConvert },
  annotate: { summary: 'fill a DOCX template (DOCX or PDF out)', load: async () => (await import('./commands/annotate')).runAnnotate },
  fields: { summary: "list a DOCX template's fields as JSON", load: async () => (await import('./commands/fields')).runFields },
  verify: { summary: 'check the signatures of a PDF or DOCX', load: async () => (await import('./commands/verify')).runVerify },
  serve: { summary: 'run the /v1 HTTP service and the playground (same as npm start)', load: async () => (await import('./commands/serve')).runServe },
  sign: { summary: 'sign PDF (PAdES) or DOCX (OOXML signature) files', load: async () => (await import('./commands/sign')).runSign },
};

/** Registers a command (used by command modules that are optional in a build). */
export function commandNames(): string[] {
  return Object.keys(COMMANDS);
}

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`);
  return `Usage: colophon <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun 'colophon <command> --help' for a command's options.\n`;
}

/** Runs the CLI with the given arguments (without the node and script paths) and returns the exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(usage());
    return name ? EXIT.ok : EXIT.usage;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr(`colophon: unknown command '${name}'.\n\n${usage()}`);
    return EXIT.usage;
  }
  const run = await command.load();
  return run(rest, io);
}
