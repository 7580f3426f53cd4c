/**
 * The line breaker's side of the WASM kernel: places the class table in the kernel's memory and
 * runs findBreaks, or the TS twin when the kernel is not available.
 *
 * The kernel (wasm/assembly/linebreak.ts, UAX #14 for Unicode 16.0 with Word tailorings) is
 * loaded by engine/kernel (lazily and synchronously on first use, or ahead of time with
 * initKernel()). When WebAssembly is unavailable or fails, the TS twin computes the same result.
 */
import { describeFailure, initKernelModule, kernelBinary, kernelGeneration, kernelLoadState, kernelViews, loadKernel, noteKernelFailure, type KernelExports } from '../kernel';
import { LINE_BREAK_UNICODE_VERSION } from './linebreak-data';
import { loadLineBreakTrie } from './linebreak-trie';
import { findBreakOpportunitiesTwin } from './linebreak-twin';
import { BreakAction, tailoringCode, type LineBreakTailoring } from './linebreak-types';

export { BreakAction };
/** Drops the kernel instance when its memory grew past a bound, between documents (engine/kernel/load.ts). */
export { releaseKernelMemory } from '../kernel';
export type { BreakActionValue, LineBreakTailoring } from './linebreak-types';

/**
 * The kernel instance (kernelGeneration) whose class table was placed, and whether it took it. A
 * released kernel (releaseKernelMemory) comes back as a new instance without the table; no
 * reference to an instance is kept here, so a released one's memory can be reclaimed at once.
 */
let placedFor = -1;
let tablePlaced = false;

/** The kernel with its class table placed, placing it in an instance met for the first time; null for the twin. */
function readyKernel(): KernelExports | null {
  const k = loadKernel();
  const generation = kernelGeneration();
  if (generation !== placedFor) {
    placedFor = generation;
    tablePlaced = placeClassTable(k) !== null;
  }
  return tablePlaced ? k : null;
}

/** Copies the class table into the kernel's memory and checks it; the kernel, or null on failure. */
function placeClassTable(k: KernelExports | null): KernelExports | null {
  if (!k) return null;
  try {
    const table = loadLineBreakTrie().bytes;
    const at = k.placeTable(table.length);
    if (at === 0) {
      noteKernelFailure('kernel could not reserve memory for the class table');
      return null;
    }
    new Uint8Array(k.memory.buffer, at, table.length).set(table);
    if (k.initTable() !== 1) {
      noteKernelFailure('kernel rejected the class table (shape or version mismatch)');
      return null;
    }
    return k;
  } catch (e) {
    noteKernelFailure(describeFailure(e));
    return null;
  }
}

/**
 * Instantiates the kernel asynchronously, for environments that restrict synchronous WebAssembly
 * compilation; resolves (never rejects) once the kernel or its TS fallback is ready.
 */
export async function initKernel(): Promise<void> {
  await initKernelModule();
  readyKernel();
}

/**
 * Paragraph strings come in many internal representations (flat, concatenated, sliced); calling
 * the one prototype function keeps the copy loop monomorphic instead of looking `charCodeAt` up
 * on each string, which profiling showed costing as much as the kernel.
 */
const charCodeAt = String.prototype.charCodeAt;

/** Runs the kernel on text; undefined if it could not (memory refused, trap). */
function runKernel(k: KernelExports, text: string, tailoring: LineBreakTailoring): Uint8Array | undefined {
  const n = text.length;
  try {
    const input = k.reserve(n);
    if (input === 0) return undefined;
    const units = kernelViews(k).units16;
    const at = input >>> 1; // input is 16-byte aligned
    for (let i = 0; i < n; i++) units[at + i] = charCodeAt.call(text, i);
    const output = k.findBreaks(n, tailoringCode(tailoring));
    return kernelViews(k).bytes8.slice(output, output + n);
  } catch (e) {
    noteKernelFailure(describeFailure(e));
    return undefined;
  }
}

/**
 * Finds the line-break opportunities of a paragraph's text: one {@link BreakAction} per UTF-16 code
 * unit, the action for a break before that index (index 0, trailing surrogates and absorbed
 * combining marks are NONE). Never throws: lone surrogates are classified as letters (UAX #14 LB1).
 * 'word' (default) applies the Word tailorings; 'uax14' is the plain algorithm.
 */
export function findBreakOpportunities(text: string, tailoring: LineBreakTailoring = 'word'): Uint8Array {
  if (text.length === 0) return new Uint8Array(0);
  const k = readyKernel();
  const fromKernel = k ? runKernel(k, text, tailoring) : undefined;
  return fromKernel ?? findBreakOpportunitiesTwin(text, tailoring);
}

/** What kernelInfo reports: whether WASM is active, the binary's size, and any failure. */
export interface KernelInfo {
  /** 'wasm' once instantiated, 'twin' after a failure (the TS twin is used), 'unloaded' before first use (or after releaseKernelMemory). */
  readonly state: 'wasm' | 'twin' | 'unloaded';
  /** True when break opportunities are computed by the WASM kernel. */
  readonly active: boolean;
  /** Size of the kernel binary in bytes. */
  readonly wasmBytes: number;
  /** Size of the line-break class table in bytes (copied into the kernel's memory). */
  readonly tableBytes: number;
  /** Current size of the kernel's linear memory in bytes (0 when not active). */
  readonly memoryBytes: number;
  /** Unicode version of the Line_Break data. */
  readonly unicodeVersion: string;
  /** Why the kernel is not used (or last failed), if it is not or did. */
  readonly failure?: string;
}

/** Reports whether the WASM kernel is active, its byte size and memory; it does not instantiate it. */
export function kernelInfo(): KernelInfo {
  const { kernel, failure } = kernelLoadState();
  const state = kernel === undefined ? 'unloaded' : kernel === null || (placedFor === kernelGeneration() && !tablePlaced) ? 'twin' : 'wasm';
  return {
    state,
    active: state === 'wasm',
    wasmBytes: kernelBinary().length,
    tableBytes: loadLineBreakTrie().bytes.length,
    memoryBytes: kernel ? kernel.memory.buffer.byteLength : 0,
    unicodeVersion: LINE_BREAK_UNICODE_VERSION,
    ...(failure !== undefined ? { failure } : {}),
  };
}
