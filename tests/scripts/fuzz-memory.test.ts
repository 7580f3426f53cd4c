/**
 * The fuzz campaign's memory measure (scripts/fuzz/memory.ts, used by scripts/fuzz/worker.ts): each
 * case's peak resident set, from a peak reset before it. Before it, the campaign checked time and
 * crashes only, so a case that took 900 MB and finished in time passed.
 */
import { describe, expect, it } from 'vitest';
import { peakOfStatus, peakRssMb, resetPeakRss, rssMb } from '../../scripts/fuzz/memory';
import { Runner } from '../../scripts/fuzz/runner';

const onLinux = process.platform === 'linux';

describe('the fuzz campaign measures memory', () => {
  it('reads the peak resident set of a /proc status file in MB', () => {
    expect(peakOfStatus('Name:\tnode\nVmPeak:\t 900000 kB\nVmHWM:\t  204800 kB\nVmRSS:\t  102400 kB\n')).toBe(200);
    expect(peakOfStatus('Name:\tnode\n')).toBeUndefined();
    expect(peakOfStatus(undefined)).toBeUndefined();
  });

  it.runIf(onLinux)('sees what a case held at its peak, after a reset to what was live before it', () => {
    expect(resetPeakRss()).toBe(true);
    const before = peakRssMb();
    expect(before).toBeLessThanOrEqual(rssMb() + 2);
    // 96 MB written (so resident), then dropped: the peak keeps it.
    let held: Uint8Array | undefined = new Uint8Array(96 * 2 ** 20).fill(1);
    expect(held[held.length - 1]).toBe(1);
    held = undefined;
    expect(peakRssMb()).toBeGreaterThanOrEqual(before + 90);
    // A reset brings the peak back to what is resident now, so the next case is measured alone.
    resetPeakRss();
    expect(peakRssMb()).toBeLessThanOrEqual(rssMb() + 2);
  });

  it.runIf(onLinux)("reports each case's peak, the resident set before and after it and its CPU time, from the child", async () => {
    const runner = new Runner(60_000, 512);
    try {
      // A GIF whose header is cut: the raster decoder refuses it with a code.
      const out = await runner.run({ id: 1, target: 'raster', bytes: new TextEncoder().encode('GIF89a\x01') });
      expect(out.status).toBe('fail');
      expect(out.peakRssMb).toBeGreaterThan(0);
      const a = out as { startRssMb?: number; endRssMb?: number; peakRssMb?: number; cpuMs?: number };
      // And its CPU time, which other work on the machine does not stretch as it does the wall time.
      expect(a.cpuMs).toBeGreaterThanOrEqual(0);
      expect(a.cpuMs).toBeLessThanOrEqual(out.ms + 1_000);
      expect(a.startRssMb).toBeGreaterThan(0);
      expect(a.endRssMb).toBeGreaterThan(0);
      expect(a.peakRssMb).toBeGreaterThanOrEqual(a.startRssMb!);
    } finally {
      runner.stop();
    }
  }, 60_000);
});
