/**
 * The WASM kernel's loader: the only engine file that instantiates WebAssembly.
 *
 * The kernel (wasm/assembly: the line breaker and the deflater) is built by scripts/build-wasm.mjs
 * into kernel-binary.generated.ts (about 11 KB). It is instantiated lazily and synchronously on
 * first use (fine in Node and in workers; a browser's main thread may refuse to compile more than
 * a few KB synchronously, so call engine/layout's initKernel() first there), or ahead of time
 * with initKernel(). When WebAssembly is unavailable or fails, loadKernel() returns null and every caller computes
 * the same result with its TS twin.
 */
import { decodeBase64 } from './base64';
import { KERNEL_WASM_BASE64 } from './kernel-binary.generated';

/** The kernel's exports (protocols in wasm/assembly/linebreak.ts and wasm/assembly/deflate.ts). */
export interface KernelExports {
  readonly memory: WebAssembly.Memory;
  placeTable(bytes: number): number;
  initTable(): number;
  reserve(n: number): number;
  findBreaks(n: number, tailoring: number): number;
  reserveDeflate(n: number): number;
  deflate(n: number): number;
  deflateOutput(): number;
  /** Test hooks for the Huffman code-length builder (deflate-property.test.ts). */
  huffmanInput(): number;
  huffmanLengths(count: number, limit: number): number;
}

/** undefined: not tried yet (or released, see releaseKernelMemory); null: failed (the twins are used). */
let kernel: KernelExports | null | undefined;
let failure: string | undefined;
let binary: Uint8Array | undefined;
/** Counts instances (and failures): a caller that prepared an instance (the class table) sees a new one by it. */
let generation = 0;
/** The compiled module, kept so an instance released for its memory comes back without compiling again. */
let compiled: WebAssembly.Module | undefined;

/** Byte and UTF-16 views over an instance's memory (callers write inputs and read outputs through them). */
export interface KernelViews {
  readonly bytes8: Uint8Array;
  readonly units16: Uint16Array;
}

/** The views over the current memory buffer, rebuilt when growth replaced it; held here so a release drops them too. */
let views: { buffer: ArrayBuffer; bytes8: Uint8Array; units16: Uint16Array } | undefined;

/** The kernel binary (decoded once). */
export function kernelBinary(): Uint8Array {
  binary ??= decodeBase64(KERNEL_WASM_BASE64);
  return binary;
}

/** Describes an exception for kernelLoadState's failure. */
export function describeFailure(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

/** Records why a kernel call failed (a trap, a refused allocation); the caller fell back to its twin. */
export function noteKernelFailure(why: string): void {
  failure = why;
}

function adoptInstance(instance: WebAssembly.Instance): KernelExports {
  generation++;
  const ex = instance.exports as unknown as KernelExports;
  // A plain object with a fixed shape: property loads on instance.exports are megamorphic and
  // cost more than the kernel itself on short paragraphs.
  return {
    memory: ex.memory,
    placeTable: ex.placeTable,
    initTable: ex.initTable,
    reserve: ex.reserve,
    findBreaks: ex.findBreaks,
    reserveDeflate: ex.reserveDeflate,
    deflate: ex.deflate,
    deflateOutput: ex.deflateOutput,
    huffmanInput: ex.huffmanInput,
    huffmanLengths: ex.huffmanLengths,
  };
}

/** The kernel's exports, instantiating it synchronously on first use; null when it cannot run. */
export function loadKernel(): KernelExports | null {
  if (kernel !== undefined) return kernel;
  try {
    compiled ??= new WebAssembly.Module(kernelBinary() as BufferSource);
    kernel = adoptInstance(new WebAssembly.Instance(compiled, {}));
  } catch (e) {
    failure = describeFailure(e);
    generation++;
    kernel = null;
  }
  return kernel;
}

/**
 * Instantiates the kernel asynchronously, for environments that restrict synchronous WebAssembly
 * compilation; resolves (never rejects) once the kernel or the TS fallback is ready.
 */
export async function initKernelModule(): Promise<void> {
  if (kernel !== undefined) return;
  try {
    compiled ??= await WebAssembly.compile(kernelBinary() as BufferSource);
    const instance = await WebAssembly.instantiate(compiled, {});
    if (kernel === undefined) kernel = adoptInstance(instance);
  } catch (e) {
    failure = describeFailure(e);
    if (kernel === undefined) {
      generation++;
      kernel = null;
    }
  }
}

/** Whether the kernel was tried and loaded, and the last failure, without instantiating it. */
export function kernelLoadState(): { readonly kernel: KernelExports | null | undefined; readonly failure: string | undefined } {
  return { kernel, failure };
}

/** Which instance loadKernel() returns: changes when a released kernel is instantiated again (holds no reference to it). */
export function kernelGeneration(): number {
  return generation;
}

/** Views over the kernel's memory as it is now (call after any export that may have grown it). */
export function kernelViews(k: KernelExports): KernelViews {
  const buffer = k.memory.buffer;
  if (views?.buffer !== buffer) views = { buffer, bytes8: new Uint8Array(buffer), units16: new Uint16Array(buffer) };
  return views;
}

/**
 * The kernel memory a released instance may keep (bytes). Linear memory only grows: one paragraph
 * of 8 million characters leaves 23 MB, a 32 MB stream (the largest it deflates) about 64 MB, held for the worker's life.
 * The dev corpus's largest document needs 0.4 MB and a paragraph of a million characters 3.3 MB.
 */
export const KERNEL_MEMORY_KEEP_BYTES = 8 * 1024 * 1024;

/**
 * Drops the kernel instance when its memory grew past `keepBytes`, so the garbage collector can
 * reclaim it; the next call instantiates a fresh one from the compiled module (0.05 ms, about 9 ms
 * while a 30 MB memory is being let go: once per document that grew it). Call it between documents, never inside one: callers re-fetch the instance with
 * loadKernel() on every call, so a release between two calls is safe. True when it released. The
 * instance comes back synchronously: on a browser's main thread, which may refuse that for a module
 * of this size, call initKernel() again after a release (the workers, which call this, may).
 */
export function releaseKernelMemory(keepBytes = KERNEL_MEMORY_KEEP_BYTES): boolean {
  if (!kernel || kernel.memory.buffer.byteLength <= keepBytes) return false;
  kernel = undefined;
  views = undefined;
  return true;
}
