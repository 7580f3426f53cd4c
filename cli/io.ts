/**
 * The CLI's view of the terminal, so commands can be tested without a real process.
 */

/** Output streams and terminal facts a command uses. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** True when stderr is an interactive terminal (progress bars are drawn only then). */
  readonly isTTY: boolean;
  /** Terminal width in columns, when known. */
  readonly columns?: number;
}

/** A CLI command: parses its own arguments and returns the process exit code. */
export type CliCommand = (args: readonly string[], io: CliIo) => Promise<number>;

/** Exit codes shared by every command. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;
