// Linear-memory layout of the kernel. No GC allocations: every buffer is a region of linear memory
// placed here, grown with memory.grow and reused between calls.
//
//   static data (tables and the deflater's fixed scratch, below heapBase) | class table (written by
//   the host) | derived tables (see units.ts) | work area, either
//     line breaking: input u16[n] | output u8[n]
//     deflate:       input u8[n]  | output u8[deflateBound(n)]
//
// Memory only grows (WebAssembly cannot shrink it), so it stays at the size the largest call
// needed: three bytes per code unit, or about two per deflated byte, plus the table. Deflate inputs
// are capped (MAX_DEFLATE_BYTES) so the memory stays bounded; the host deflates larger ones itself.

/** Where the class table starts (fixed once the first call placed it). */
export let tableBase: usize = 0;
let tableBytes: usize = 0;
/** Start of the tables initTable derives from the class table (DERIVED_BYTES long). */
export let derivedBase: usize = 0;
/** Size of the derived tables: Latin-1 u32[256], BMP leaf index u16[1024], two u32[256] maps. */
export const DERIVED_BYTES: usize = 1024 + 2048 + 2048;
export let inputBase: usize = 0;
export let outputBase: usize = 0;

function align16(x: usize): usize {
  return (x + 15) & ~(<usize>15);
}

/** Grows linear memory to at least `end` bytes; false when the host refuses. */
function ensureMemory(end: usize): bool {
  const have = (<usize>memory.size()) << 16;
  if (end <= have) return true;
  const pages = <i32>((end - have + 0xffff) >> 16);
  return memory.grow(pages) >= 0;
}

/** Reserves `bytes` for the class table at the start of the heap; returns its address or 0. */
export function placeTable(bytes: u32): usize {
  if (<usize>bytes > 0x1000000) return 0;
  tableBase = align16(__heap_base);
  tableBytes = <usize>bytes;
  derivedBase = align16(tableBase + tableBytes);
  return ensureMemory(derivedBase + DERIVED_BYTES) ? tableBase : 0;
}

/** Lays out the buffers for n code units, growing memory; returns the input address or 0. */
export function placeBuffers(n: u32): usize {
  if (tableBase == 0) return 0;
  const count = <usize>n;
  // Three bytes per code unit: keep the layout inside 32-bit linear memory (no usize overflow).
  if (count > 0x50000000) return 0;
  inputBase = derivedBase + DERIVED_BYTES;
  outputBase = align16(inputBase + (count << 1));
  return ensureMemory(outputBase + count) ? inputBase : 0;
}

/** The largest input deflate takes (the host's TS twin handles larger ones). */
export const MAX_DEFLATE_BYTES: u32 = 0x2000000; // 32 MiB
export let deflateInputBase: usize = 0;
export let deflateOutputBase: usize = 0;

/** Start of the work area: after the derived tables, or at the heap base when no table was placed. */
function workBase(): usize {
  return tableBase != 0 ? derivedBase + DERIVED_BYTES : align16(__heap_base);
}

/**
 * The deflater's worst case for n input bytes: every block stored (5 bytes per 64 KiB piece and per
 * block of 16,384 symbols), zlib header and trailer, and 8 bytes the bit writer may store past the end.
 */
function deflateBound(n: usize): usize {
  return n + 5 * (2 * ((n + 16383) >> 14) + (n + 65534) / 65535 + 2) + 24;
}

/** Lays out the deflate buffers for n input bytes, growing memory; returns the input address or 0. */
export function placeDeflateBuffers(n: u32): usize {
  if (n > MAX_DEFLATE_BYTES) return 0;
  const count = <usize>n;
  deflateInputBase = workBase();
  deflateOutputBase = align16(deflateInputBase + count);
  return ensureMemory(deflateOutputBase + deflateBound(count)) ? deflateInputBase : 0;
}
