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

/** undefined: not tried yet; null: failed (the twins are used). */
let kernel: KernelExports | null | undefined;
let failure: string | undefined;
let binary: Uint8Array | undefined;

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
    const module = new WebAssembly.Module(kernelBinary() as BufferSource);
    kernel = adoptInstance(new WebAssembly.Instance(module, {}));
  } catch (e) {
    failure = describeFailure(e);
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
    const { instance } = await WebAssembly.instantiate(kernelBinary() as BufferSource, {});
    if (kernel === undefined) kernel = adoptInstance(instance);
  } catch (e) {
    failure = describeFailure(e);
    kernel ??= null;
  }
}

/** Whether the kernel was tried and loaded, and the last failure, without instantiating it. */
export function kernelLoadState(): { readonly kernel: KernelExports | null | undefined; readonly failure: string | undefined } {
  return { kernel, failure };
}
