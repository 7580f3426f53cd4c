/**
 * A process's memory as the campaign measures it per case: the peak resident set (Linux's VmHWM,
 * which writing 5 to /proc/self/clear_refs resets to the current size), so a case's peak counts
 * everything it held at once (V8's heap, the kernel's wasm memory, array buffers), not only what a
 * heap snapshot after it would show. Where /proc is missing, the process's lifetime peak
 * (resourceUsage().maxRSS) is the best there is and cannot be reset.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const MB = 1024;

/** The current resident set in MB. */
export function rssMb(): number {
  return Math.round(process.memoryUsage().rss / 2 ** 20);
}

/** Resets the peak resident set to the current one; false where the system cannot (no /proc). */
export function resetPeakRss(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

/** The peak resident set in MB since the last reset (or since the process started). */
export function peakRssMb(): number {
  return peakOfStatus(readStatus('/proc/self/status')) ?? Math.round(process.resourceUsage().maxRSS / MB);
}

/** The peak resident set in MB of another process (the parent reads it before killing a child that ran out of time). */
export function peakRssOfPid(pid: number): number | undefined {
  return peakOfStatus(readStatus(`/proc/${pid}/status`));
}

function readStatus(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** VmHWM (kB) of a /proc status file, in MB. */
export function peakOfStatus(status: string | undefined): number | undefined {
  const m = status && /^VmHWM:\s+(\d+)\s+kB/m.exec(status);
  return m ? Math.round(Number(m[1]) / MB) : undefined;
}

/** Collects garbage where the process runs with --expose-gc, so the next peak starts from what is live. */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
