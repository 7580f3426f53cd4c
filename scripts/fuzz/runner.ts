/**
 * Runs cases one at a time in a child process with a heap limit, killing it when a case overruns its
 * time; a child that dies (out of memory, native crash) is restarted for the next case, and so is one
 * that keeps more than `restartRssMb` resident after a case (wasm memory never shrinks, and V8 keeps
 * some of its pages), so that each case's peak is measured from a small floor.
 *
 * The time limit counts the child's CPU time (cpu.ts), read every POLL_MS while the case runs: on a
 * machine shared with other jobs the wall time of a case stretches with their load, and a wall-clock
 * limit then reports cases that did little work as hangs. A much larger wall-clock limit stays as a
 * backstop for a child that waits without working (or where /proc is missing, the only limit, at the
 * CPU limit's value). A timed-out case reports both times and which limit ended it.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cpuMsOfPid } from './cpu';
import { peakRssOfPid } from './memory';
import type { CaseAnswer, CaseMessage } from './worker';

/** A case stopped for its time: by its CPU time, or by the wall-clock backstop. */
export interface TimedOut {
  readonly id: number;
  readonly status: 'timeout';
  readonly codes: string[];
  readonly ms: number;
  readonly cpuMs?: number;
  readonly limit: 'cpu' | 'wall';
  readonly peakRssMb?: number;
}

/** How one case ended, from the parent's side. */
export type Outcome = CaseAnswer | TimedOut | { readonly id: number; readonly status: 'oom' | 'died'; readonly codes: string[]; readonly message?: string; readonly ms: number; readonly peakRssMb?: number };

const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));

/** How often the parent reads a running case's CPU time (ms): a case overruns its limit by at most this much. */
const POLL_MS = 100;

/** The runner's limits beyond the CPU limit and heap. */
export interface RunnerLimits {
  /** Wall-clock backstop in ms (default: WALL_FACTOR times the CPU limit). */
  readonly wallMs?: number;
  /** Restart the child when it keeps more than this resident after a case (MB). */
  readonly restartRssMb?: number;
  /** The child's script (default: worker.ts; tests give one that sleeps or spins). */
  readonly worker?: string;
}

/**
 * The wall-clock backstop as a multiple of the CPU limit: wide enough for a case that takes its whole
 * CPU limit while a load of ~6 shares two cores with it (seeds 80–81 ran under loads of 12–15, where
 * a 6.4 s case took more than 20 s), and still a bound on a child that hangs without working.
 */
const WALL_FACTOR = 6;

/** One child process at a time. */
export class Runner {
  private child: ChildProcess | undefined;
  private stderr = '';
  private readonly wallMs: number;
  private readonly restartRssMb: number;
  private readonly worker: string;
  /**
   * @param cpuMs the CPU time a case may take (ms) before it is stopped as a timeout.
   * @param heapMb the child's V8 heap limit (old generation, MB).
   */
  constructor(
    private readonly cpuMs: number,
    private readonly heapMb: number,
    limits: RunnerLimits = {},
  ) {
    this.wallMs = limits.wallMs ?? cpuMs * WALL_FACTOR;
    this.restartRssMb = limits.restartRssMb ?? 400;
    this.worker = limits.worker ?? WORKER;
  }

  private async start(): Promise<ChildProcess> {
    const child = fork(this.worker, [], {
      execArgv: ['--import', 'tsx', `--max-old-space-size=${this.heapMb}`, '--stack-size=984', '--expose-gc'],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.stderr = '';
    child.stderr!.on('data', (d: Buffer) => {
      this.stderr = (this.stderr + d.toString()).slice(-4000);
    });
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`worker exited at start (${code}): ${this.stderr}`)));
    });
    return child;
  }

  /** Runs one case; never rejects. */
  async run(m: CaseMessage): Promise<Outcome> {
    this.child ??= await this.start();
    const child = this.child;
    const t = performance.now();
    const cpu0 = child.pid !== undefined ? cpuMsOfPid(child.pid) : undefined;
    return new Promise<Outcome>((resolve) => {
      const done = (o: Outcome) => {
        clearInterval(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(o);
      };
      const onMessage = (a: CaseAnswer) => {
        if (a.id !== m.id) return;
        if ((a.endRssMb ?? 0) > this.restartRssMb) this.stop();
        done(a);
      };
      const onExit = () => {
        this.child = undefined;
        const oom = /heap out of memory|Allocation failed|Invalid array length/i.test(this.stderr);
        done({ id: m.id, status: oom ? 'oom' : 'died', codes: [], message: this.stderr.slice(-600), ms: Math.round(performance.now() - t) });
      };
      const stopFor = (limit: 'cpu' | 'wall', cpuMs: number | undefined) => {
        child.off('exit', onExit);
        const peak = child.pid !== undefined ? peakRssOfPid(child.pid) : undefined;
        child.kill('SIGKILL');
        this.child = undefined;
        done({ id: m.id, status: 'timeout', codes: [], ms: Math.round(performance.now() - t), ...(cpuMs !== undefined ? { cpuMs: Math.round(cpuMs) } : {}), limit, ...(peak !== undefined ? { peakRssMb: peak } : {}) });
      };
      const timer = setInterval(() => {
        const wall = performance.now() - t;
        const now = child.pid !== undefined ? cpuMsOfPid(child.pid) : undefined;
        const used = cpu0 !== undefined && now !== undefined ? now - cpu0 : undefined;
        // Without /proc the CPU time is unknown: the CPU limit then applies to the wall time, as before.
        if (used !== undefined ? used > this.cpuMs : wall > this.cpuMs) stopFor(used !== undefined ? 'cpu' : 'wall', used);
        else if (wall > this.wallMs) stopFor('wall', used);
      }, POLL_MS);
      child.on('message', onMessage);
      child.on('exit', onExit);
      child.send(m);
    });
  }

  /** Stops the child. */
  stop(): void {
    this.child?.kill('SIGKILL');
    this.child = undefined;
  }
}
