/**
 * A one-line progress bar on stderr, drawn only on an interactive terminal.
 */
import type { CliIo } from './io';

/** Draws `[####......] 12/127 name` and lets other lines print above it. */
export class ProgressBar {
  private line = '';

  constructor(
    private readonly io: CliIo,
    private readonly total: number,
  ) {}

  /** Shows progress: `done` items finished, `label` being processed. */
  update(done: number, label: string): void {
    const width = 24;
    const filled = Math.round((done / Math.max(1, this.total)) * width);
    const text = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${this.total} ${label}`;
    const max = Math.max(20, (this.io.columns ?? 80) - 1);
    this.line = text.length > max ? text.slice(0, max) : text;
    this.io.stderr(`\r\x1b[2K${this.line}`);
  }

  /** Prints a line above the bar. */
  log(text: string): void {
    this.io.stderr(`\r\x1b[2K${text}${this.line}`);
  }

  /** Clears the bar. */
  done(): void {
    this.io.stderr('\r\x1b[2K');
  }
}
