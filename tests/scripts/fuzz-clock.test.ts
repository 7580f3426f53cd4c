/**
 * The fuzz campaign's time limit counts the child's CPU time (scripts/fuzz/runner.ts, cpu.ts): it
 * was wall time, and on a machine shared by several jobs cases of 0.7–6.4 s CPU ran past the 20 s
 * limit and were reported as hangs (seeds 80–81, load 12–15). A case that waits without working now
 * passes the CPU limit and meets only the wall-clock backstop.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cpuMsOfStat } from '../../scripts/fuzz/cpu';
import { Runner, type Outcome } from '../../scripts/fuzz/runner';

const onLinux = process.platform === 'linux';
const CHILD = fileURLToPath(new URL('./fuzz-clock.child.ts', import.meta.url));

/** A case of the stand-in child: sleep or spin for `tenths` tenths of a second. */
const job = (id: number, target: 'sleep' | 'spin', tenths: number) => ({ id, target, bytes: new Uint8Array([tenths]) });

describe('the fuzz campaign times a case by its CPU time', () => {
  it("reads a process's user and system time from /proc/PID/stat, whatever its name holds", () => {
    // utime 250 and stime 50 ticks of 10 ms; the name holds a space and a parenthesis.
    const stat = '4242 (node (x) y) R 1 4242 4242 0 -1 4194304 2179 0 0 0 250 50 0 0 20 0 11 0';
    expect(cpuMsOfStat(stat)).toBe(3000);
    expect(cpuMsOfStat('4242 (node) R 1')).toBeUndefined();
    expect(cpuMsOfStat(undefined)).toBeUndefined();
  });

  it.runIf(onLinux)('lets a case that waits past the CPU limit finish, and stops one that works past it', async () => {
    // 400 ms of CPU allowed, 10 s of wall time.
    const runner = new Runner(400, 256, { wallMs: 10_000, worker: CHILD });
    try {
      const waited: Outcome = await runner.run(job(1, 'sleep', 15));
      // 1.5 s of waiting: under a wall-clock limit of 400 ms this was a timeout.
      expect(waited.status).toBe('ok');
      expect(waited.ms).toBeGreaterThan(1_400);
      const worked = await runner.run(job(2, 'spin', 40));
      expect(worked.status).toBe('timeout');
      expect(worked).toMatchObject({ limit: 'cpu' });
      expect((worked as { cpuMs?: number }).cpuMs).toBeGreaterThan(400);
    } finally {
      runner.stop();
    }
  }, 60_000);

  it.runIf(onLinux)('stops a case that waits past the wall-clock backstop, reporting both times', async () => {
    const runner = new Runner(5_000, 256, { wallMs: 600, worker: CHILD });
    try {
      const out = await runner.run(job(1, 'sleep', 50));
      expect(out).toMatchObject({ status: 'timeout', limit: 'wall' });
      expect(out.ms).toBeGreaterThanOrEqual(600);
      expect((out as { cpuMs?: number }).cpuMs).toBeLessThan(600);
    } finally {
      runner.stop();
    }
  }, 60_000);
});
