/**
 * The line breaker's side of the WASM kernel: places the class table in the kernel's memory and
 * runs findBreaks, or the TS twin when the kernel is not available.
 *
 * The kernel (wasm/assembly/linebreak.ts, UAX #14 for Unicode 16.0 with Word tailorings) is
 * loaded by engine/kernel (lazily and synchronously on first use, or ahead of time with
 * initKernel()). When WebAssembly is unavailable or fails, the TS twin computes the same result.
 */
import { describeFailure, initKernelModule, kernelBinary, kernelLoadState, loadKernel, noteKernelFailure, type KernelExports } from '../kernel';
import { LINE_BREAK_UNICODE_VERSION } from './linebreak-data';
import { loadLineBreakTrie } from './linebreak-trie';
import { findBreakOpportunitiesTwin } from './linebreak-twin';
import { BreakAction, tailoringCode, type LineBreakTailoring } from './linebreak-types';

export { BreakAction };
export type { BreakActionValue, LineBreakTailoring } from './linebreak-types';

/** The kernel once its class table is placed; null when it is unavailable or rejected the table. */
let ready: KernelExports | null | undefined;

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
  ready ??= placeClassTable(loadKernel());
}

/**
 * Paragraph strings come in many internal representations (flat, concatenated, sliced); calling
 * the one prototype function keeps the copy loop monomorphic instead of looking `charCodeAt` up
 * on each string, which profiling showed costing as much as the kernel.
 */
const charCodeAt = String.prototype.charCodeAt;

/** Views over the kernel's memory, rebuilt when growth replaced its buffer. */
let viewBuffer: ArrayBuffer | undefined;
let units16 = new Uint16Array(0);
let bytes8 = new Uint8Array(0);

/** Runs the kernel on text; undefined if it could not (memory refused, trap). */
function runKernel(k: KernelExports, text: string, tailoring: LineBreakTailoring): Uint8Array | undefined {
  const n = text.length;
  try {
    const input = k.reserve(n);
    if (input === 0) return undefined;
    const buffer = k.memory.buffer;
    if (buffer !== viewBuffer) {
      viewBuffer = buffer;
      units16 = new Uint16Array(buffer);
      bytes8 = new Uint8Array(buffer);
    }
    const units = units16;
    const at = input >>> 1; // input is 16-byte aligned
    for (let i = 0; i < n; i++) units[at + i] = charCodeAt.call(text, i);
    const output = k.findBreaks(n, tailoringCode(tailoring));
    return bytes8.slice(output, output + n);
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
  const k = ready === undefined ? (ready = placeClassTable(loadKernel())) : ready;
  const fromKernel = k ? runKernel(k, text, tailoring) : undefined;
  return fromKernel ?? findBreakOpportunitiesTwin(text, tailoring);
}

/** What kernelInfo reports: whether WASM is active, the binary's size, and any failure. */
export interface KernelInfo {
  /** 'wasm' once instantiated, 'twin' after a failure (the TS twin is used), 'unloaded' before first use. */
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
  const state = kernel === undefined ? 'unloaded' : kernel === null || ready === null ? 'twin' : 'wasm';
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
