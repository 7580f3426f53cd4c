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
 * Halving TurboFan's cumulative inlining budget (920 bytes of bytecode by default) to 300 makes those
 * recompiles smaller: first round 11.5 -> 9.7 s CPU (background compile 6.2 -> 4.8 s), warm round
 * 4.7 -> 4.4 s (medians of 3 alternating runs, shared machine), and a pool worker, which starts cold,
 * gains the same.
 */
import { setFlagsFromString } from 'node:v8';

/** The V8 flag set: TurboFan's cumulative inlining budget per optimised function, in bytecode bytes. */
export const V8_CONVERSION_FLAGS = '--max-inlined-bytecode-size-cumulative=300';

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
