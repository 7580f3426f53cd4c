/**
 * kernel: loads the WASM kernel (wasm/assembly: line breaking and deflate) and hands its exports to
 * the engine files that drive it (engine/layout/kernel.ts, engine/zip/deflate-kernel.ts).
 * In: the generated binary. Out: the instance's exports, or null when WebAssembly cannot run.
 * Must not: hold feature logic (each caller keeps a TS twin giving the same result), or import
 * another engine folder.
 */
export { decodeBase64 } from './base64';
export {
  describeFailure, initKernelModule, kernelBinary, kernelGeneration, kernelLoadState, kernelViews, loadKernel, noteKernelFailure, releaseKernelMemory, KERNEL_MEMORY_KEEP_BYTES,
  type KernelExports, type KernelViews,
} from './load';
