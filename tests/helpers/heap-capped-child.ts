/**
 * Runs a test's child script under a capped V8 heap (hostile-input tests that a change must keep
 * within bounded memory): its exit code, what it printed, and the start of its errors.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export function runHeapCapped(child: URL, heapMb: number): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [`--max-old-space-size=${heapMb}`, '--import', 'tsx', fileURLToPath(child)], { timeout: 120_000, maxBuffer: 1 << 20 }, (e, out, err) =>
      resolve({ code: e ? ((e as { code?: number }).code ?? 1) : 0, out, err: err.slice(0, 300) }));
  });
}
