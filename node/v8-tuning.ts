/**
 * V8 tuning for the processes that convert with Colophon's own Node doors (the CLI, the worker pool of
 * the server and of `colophon convert`, the bench). Only the JIT's heuristics change, never what code
 * computes, so the bytes written are the same with or without it.
 *
 * Why: a cold process spends most of its first conversions compiling, not converting. Converting the
 * dev corpus once in a fresh process took about 12 s of CPU against 4.7 s for the same round warm, and
 * 6-7 s of the 12 were TurboFan on its background threads (per-thread CPU from /proc): some 1,600
 * optimisations of 680 functions, two thirds of the compile time recompiling functions that deoptimised
 * ("wrong map": each new document brings object shapes the optimised code had not seen), and a
 * deoptimisation inside an inlined callee recompiles its caller whole, with everything inlined into it.
 * Lowering TurboFan's cumulative inlining budget (920 bytes of bytecode by default) makes those
 * recompiles smaller: at 300, first round 11.5 -> 9.7 s CPU (background compile 6.2 -> 4.8 s), warm
 * round 4.7 -> 4.4 s (medians of 3 alternating runs, shared machine), and a pool worker, which starts
 * cold, gains the same. At 150 (session 29) the first round's background compile fell again while the
 * main thread and the warm round stayed as they were: about 80% of the first round's compile time was
 * still recompiles, after some 1,000 deoptimisations spread over hundreds of sites (none more than 3).
 * The bench's first run, 3 alternating pairs on a loaded machine: CPU 10.21/9.81/10.48 -> 9.53/9.04/
 * 9.79 s (other threads 4.81/4.57/4.99 -> 4.15/3.99/4.29 s, main thread the same), pool of 2 CPU
 * 13.76/12.73/13.38 -> 12.41/12.89/11.93 s, warm run 4.86/4.85/5.23 -> 4.94/4.93/4.97 s. At 80 the
 * warm round began to slow.
 */
import { setFlagsFromString } from 'node:v8';

/**
 * The young generation of a conversion worker's heap, in MB (Node's `maxYoungGenerationSizeMb`, three
 * semi-spaces: 192 gives V8 a 128 MB new space instead of 32 MB). A conversion allocates many objects
 * that die within a page; with the small default most of them were copied by the scavenger and the
 * survivors promoted to the old generation, to be marked there. Converting the dev corpus in one
 * process with the same young generation (--max-semi-space-size=64), three alternating pairs on an
 * idle machine: first run 6.01-6.32 -> 5.42-5.83 s, warm 3.38-3.63 -> 3.22-3.37 s, warm CPU
 * 4.58-4.86 -> 4.30-4.47 s, peak RSS 814-839 -> 750-782 MiB. It can only be set as a process or a
 * worker starts (setFlagsFromString comes too late), so workers take it from their resourceLimits and
 * the bench script from its command line; the CLI converting in its own process (--jobs 1) keeps
 * Node's default.
 */
export const YOUNG_GENERATION_MB = 192;

/** The same young generation as a command-line flag (semi-spaces of a third each). */
export const YOUNG_GENERATION_FLAG = `--max-semi-space-size=${YOUNG_GENERATION_MB / 3}`;

/**
 * The V8 flag set: TurboFan's cumulative inlining budget per optimised function, in bytecode bytes,
 * and no allocation-site pretenuring.
 *
 * Pretenuring: V8 watches which allocation sites' objects survive scavenges and, past a threshold,
 * allocates that site's objects straight in the old generation. A long-lived worker that converted
 * documents with long-lived line and page objects learns that, then keeps pretenuring the same sites
 * for a document whose objects die young, and each of those is then freed only by a full mark-compact:
 * fuzz seed 82's docx-54 after cases 14-20 of its campaign in one child process took 9.9-10.2 s of CPU
 * and 790-808 MB in 2 of 3 runs (24 mark-compacts instead of 10), 3.2-3.4 s and 460 MB in all 3 runs
 * with this flag (set at run time, as here, or on the command line); alone it also fell into the slow
 * mode now and then. The bench is unchanged by it (two alternating pairs: first run 5.35/5.46 ->
 * 5.36/5.35 s, warm 3.24/3.25 -> 3.14/3.27 s, warm CPU 4.20/4.19 -> 4.02/4.37 s, peak RSS 740/727 ->
 * 758/704 MiB).
 */
export const V8_CONVERSION_FLAGS = '--max-inlined-bytecode-size-cumulative=150 --no-allocation-site-pretenuring';

let tuned = false;

/**
 * Sets V8's flags for conversion work, once per process; call it before the first conversion (flags are
 * process-wide, so worker threads started afterwards have them too).
 */
export function tuneV8ForConversion(): void {
  if (tuned) return;
  tuned = true;
  setFlagsFromString(V8_CONVERSION_FLAGS);
}
