/**
 * The process entry of the CLI bundle: wires the real terminal to runCli.
 */
import { tuneV8ForConversion } from '../node/v8-tuning';
import { runCli } from './main';

/** Runs the CLI against the real process streams and returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  // --jobs 1 converts in this process (node/v8-tuning.ts).
  tuneV8ForConversion();
  return runCli(argv, {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    isTTY: process.stderr.isTTY === true,
    columns: process.stderr.columns,
  });
}
