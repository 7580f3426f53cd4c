/**
 * The WASM line-break kernel's loader: the only engine file that instantiates WebAssembly.
 *
 * The kernel (wasm/assembly/linebreak.ts, UAX #14 for Unicode 16.0 with Word tailorings) is built
 * by scripts/build-wasm.mjs into kernel-binary.generated.ts. It is instantiated lazily and
 * synchronously on first use (fine in Node and in workers; the binary is a few KB, far below the
 * browsers' main-thread limit for synchronous compilation), or ahead of time with initKernel().
 * When WebAssembly is unavailable or fails, the TS twin computes the same result.
 */
import { KERNEL_WASM_BASE64 } from './kernel-binary.generated';
import { LINE_BREAK_UNICODE_VERSION } from './linebreak-data';
import { decodeBase64, loadLineBreakTrie } from './linebreak-trie';
import { findBreakOpportunitiesTwin } from './linebreak-twin';
import { BreakAction, tailoringCode, type LineBreakTailoring } from './linebreak-types';

export { BreakAction };
export type { BreakActionValue, LineBreakTailoring } from './linebreak-types';

/** The kernel's exports (see the protocol in wasm/assembly/linebreak.ts). */
interface KernelExports {
  readonly memory: WebAssembly.Memory;
  placeTable(bytes: number): number;
  initTable(): number;
  reserve(n: number): number;
  findBreaks(n: number, tailoring: number): number;
}

/** undefined: not tried yet; null: failed (the twin is used). */
let kernel: KernelExports | null | undefined;
let failure: string | undefined;
let binary: Uint8Array | undefined;

function kernelBinary(): Uint8Array {
  binary ??= decodeBase64(KERNEL_WASM_BASE64);
  return binary;
}

function describe(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

/** Copies the class table into the instance and checks it; the exports, or null on failure. */
function adoptInstance(instance: WebAssembly.Instance): KernelExports | null {
  const ex = instance.exports as unknown as KernelExports;
  const table = loadLineBreakTrie().bytes;
  const at = ex.placeTable(table.length);
  if (at === 0) {
    failure = 'kernel could not reserve memory for the class table';
    return null;
  }
  new Uint8Array(ex.memory.buffer, at, table.length).set(table);
  if (ex.initTable() !== 1) {
    failure = 'kernel rejected the class table (shape or version mismatch)';
    return null;
  }
  // A plain object with a fixed shape: property loads on instance.exports are megamorphic and
  // cost more than the kernel itself on short paragraphs.
  return {
    memory: ex.memory,
    placeTable: ex.placeTable,
    initTable: ex.initTable,
    reserve: ex.reserve,
    findBreaks: ex.findBreaks,
  };
}

function instantiateSync(): KernelExports | null {
  try {
    const module = new WebAssembly.Module(kernelBinary() as BufferSource);
    kernel = adoptInstance(new WebAssembly.Instance(module, {}));
  } catch (e) {
    failure = describe(e);
    kernel = null;
  }
  return kernel;
}

/**
 * Instantiates the kernel asynchronously, for environments that restrict synchronous WebAssembly
 * compilation; resolves (never rejects) once the kernel or its TS fallback is ready.
 */
export async function initKernel(): Promise<void> {
  if (kernel !== undefined) return;
  try {
    const { instance } = await WebAssembly.instantiate(kernelBinary() as BufferSource, {});
    if (kernel === undefined) kernel = adoptInstance(instance);
  } catch (e) {
    failure = describe(e);
    kernel ??= null;
  }
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
    failure = describe(e);
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
  const k = kernel === undefined ? instantiateSync() : kernel;
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
  const state = kernel === undefined ? 'unloaded' : kernel === null ? 'twin' : 'wasm';
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
