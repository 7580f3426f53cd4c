/**
 * Heap measurements for memory tests: a full collection on demand (V8's gc, exposed at run time so
 * the suite needs no node flag) and the heap bytes a value holds after it is made.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
/** Runs a full garbage collection. */
export const gc = runInNewContext('gc') as () => void;

/**
 * Makes a value and measures the heap it holds: used heap after two full collections, minus before.
 * A regular expression's last subject is kept by the engine until the next match (RegExp.input), so
 * one dummy match runs first: a padding string the parser tested is not the value's doing.
 */
export function heapHeld<T>(make: () => T): { value: T; bytes: number } {
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  const value = make();
  /a/.test('a');
  gc();
  gc();
  return { value, bytes: process.memoryUsage().heapUsed - before };
}
