/**
 * Runs cases one at a time in a child process with a heap limit, killing it on a timeout; a child
 * that dies (out of memory, native crash) is restarted for the next case, and so is one that keeps
 * more than `restartRssMb` resident after a case (wasm memory never shrinks, and V8 keeps some of
 * its pages), so that each case's peak is measured from a small floor.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { peakRssOfPid } from './memory';
import type { CaseAnswer, CaseMessage } from './worker';

/** How one case ended, from the parent's side. */
export type Outcome = CaseAnswer | { readonly id: number; readonly status: 'timeout' | 'oom' | 'died'; readonly codes: string[]; readonly message?: string; readonly ms: number; readonly peakRssMb?: number };

const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));

/** One child process at a time. */
export class Runner {
  private child: ChildProcess | undefined;
  private stderr = '';
  constructor(
    private readonly timeoutMs: number,
    private readonly heapMb: number,
    private readonly restartRssMb = 400,
  ) {}

  private async start(): Promise<ChildProcess> {
    const child = fork(WORKER, [], {
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
    return new Promise<Outcome>((resolve) => {
      const done = (o: Outcome) => {
        clearTimeout(timer);
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
      const timer = setTimeout(() => {
        child.off('exit', onExit);
        const peak = child.pid !== undefined ? peakRssOfPid(child.pid) : undefined;
        child.kill('SIGKILL');
        this.child = undefined;
        done({ id: m.id, status: 'timeout', codes: [], ms: Math.round(performance.now() - t), ...(peak !== undefined ? { peakRssMb: peak } : {}) });
      }, this.timeoutMs);
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
