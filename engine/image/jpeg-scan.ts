/**
 * One JPEG scan's entropy-coded data → quantized DCT coefficients (ITU-T T.81 Annex F for
 * sequential Huffman scans, Annex G for progressive ones: DC first and refinement, AC spectral
 * selection first and refinement with end-of-band runs). Coefficients are kept per component in
 * natural (not zig-zag) order, one 64-entry block after another, already scaled by 2^Al. Every
 * loop is bounded by the frame's block count; a scan that runs out of data stops and says so.
 */
import { BitReader, type HuffmanTable } from './jpeg-huffman';

/** Zig-zag index → natural (row-major) index (Figure A.6). */
export const ZIGZAG = Uint8Array.from([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21,
  28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61,
  54, 47, 55, 62, 63,
]);

/** A frame component (§B.2.2) with its coefficient store. */
export interface JpegComponent {
  readonly id: number;
  readonly h: number;
  readonly v: number;
  readonly tq: number;
  /** Blocks across and down that hold the component's samples (§A.2.4). */
  readonly blocksWide: number;
  readonly blocksHigh: number;
  /** Blocks across and down as stored: whole MCUs of an interleaved scan (its padding blocks included). */
  readonly strideBlocks: number;
  readonly rowsBlocks: number;
  /** The quantized coefficients, emptied once the component's samples are built (jpegPixels), so a large picture does not hold both. */
  coeffs: Int16Array;
  /** The quantization table in force at the component's first scan (latched then). */
  quant?: Uint16Array;
}

/** A scan header (§B.2.3) resolved against the frame. */
export interface JpegScan {
  readonly components: readonly JpegComponent[];
  readonly dc: readonly (HuffmanTable | undefined)[];
  readonly ac: readonly (HuffmanTable | undefined)[];
  readonly ss: number;
  readonly se: number;
  readonly ah: number;
  readonly al: number;
  readonly progressive: boolean;
  readonly restartInterval: number;
  readonly mcusWide: number;
  readonly mcusHigh: number;
}

/** What decoding one scan gave: where its data ended and whether it ran out early. */
export interface ScanOutcome {
  readonly end: number;
  readonly truncated: boolean;
}

type BlockDecoder = (r: BitReader, c: number, coeffs: Int16Array, at: number) => void;

/** Decodes the scan's data from `pos`; fills the components' coefficients. */
export function decodeScan(data: Uint8Array, pos: number, scan: JpegScan): ScanOutcome {
  const r = new BitReader(data, pos);
  const preds = new Int32Array(scan.components.length);
  const state = { eobrun: 0 };
  const block = blockDecoder(scan, preds, state);
  const single = scan.components.length === 1;
  const only = scan.components[0]!;
  // A one-component scan is not interleaved: its MCU is one block, over the component's own blocks (§A.2.2).
  const total = single ? only.blocksWide * only.blocksHigh : scan.mcusWide * scan.mcusHigh;
  const interval = scan.restartInterval > 0 ? scan.restartInterval : total;
  for (let mcu = 0; mcu < total; mcu++) {
    if (mcu > 0 && mcu % interval === 0) {
      if (!r.restart()) return { end: r.segmentEnd(), truncated: true };
      preds.fill(0);
      state.eobrun = 0;
    }
    if (single) {
      const row = Math.floor(mcu / only.blocksWide);
      const col = mcu - row * only.blocksWide;
      block(r, 0, only.coeffs, (row * only.strideBlocks + col) * 64);
    } else {
      const my = Math.floor(mcu / scan.mcusWide);
      const mx = mcu - my * scan.mcusWide;
      for (let c = 0; c < scan.components.length; c++) {
        const comp = scan.components[c]!;
        for (let by = 0; by < comp.v; by++) {
          for (let bx = 0; bx < comp.h; bx++) {
            block(r, c, comp.coeffs, ((my * comp.v + by) * comp.strideBlocks + mx * comp.h + bx) * 64);
          }
        }
      }
    }
    if (r.exhausted) return { end: r.segmentEnd(), truncated: true };
  }
  return { end: r.segmentEnd(), truncated: false };
}

function blockDecoder(scan: JpegScan, preds: Int32Array, state: { eobrun: number }): BlockDecoder {
  const { ss, se, ah, al } = scan;
  if (!scan.progressive) return (r, c, co, at) => sequentialBlock(r, scan.dc[c]!, scan.ac[c]!, preds, c, co, at);
  if (ss === 0) {
    // DC scans (§G.1.2.1): the first codes the top bits as a difference, a refinement one bit more.
    if (ah === 0) return (r, c, co, at) => {
      preds[c] = preds[c]! + r.receiveExtend(r.decode(scan.dc[c]!));
      co[at] = preds[c]! * (1 << al);
    };
    return (r, _c, co, at) => {
      if (r.bit()) co[at] = co[at]! | (1 << al);
    };
  }
  if (ah === 0) return (r, c, co, at) => acFirst(r, scan.ac[c]!, ss, se, al, state, co, at);
  return (r, c, co, at) => acRefine(r, scan.ac[c]!, ss, se, al, state, co, at);
}

/** A baseline / extended sequential block (§F.2.2): DC difference, then run-length coded AC values. */
function sequentialBlock(r: BitReader, dc: HuffmanTable, ac: HuffmanTable, preds: Int32Array, c: number, co: Int16Array, at: number): void {
  preds[c] = preds[c]! + r.receiveExtend(r.decode(dc));
  co[at] = preds[c]!;
  for (let k = 1; k < 64;) {
    const rs = r.decode(ac);
    const s = rs & 15;
    const run = rs >> 4;
    if (s === 0) {
      if (run !== 15) break; // EOB
      k += 16; // ZRL
      continue;
    }
    k += run;
    if (k > 63) break;
    co[at + ZIGZAG[k]!] = r.receiveExtend(s);
    k++;
  }
}

/** A progressive AC first scan's block (§G.1.2.2): values of the band Ss…Se, EOB runs across blocks. */
function acFirst(r: BitReader, ac: HuffmanTable, ss: number, se: number, al: number, state: { eobrun: number }, co: Int16Array, at: number): void {
  if (state.eobrun > 0) {
    state.eobrun--;
    return;
  }
  for (let k = ss; k <= se;) {
    const rs = r.decode(ac);
    const s = rs & 15;
    const run = rs >> 4;
    if (s === 0) {
      if (run < 15) {
        // EOBn: this block and 2^r − 1 + the next r bits more end here.
        state.eobrun = (1 << run) - 1 + r.read(run);
        return;
      }
      k += 16;
      continue;
    }
    k += run;
    if (k > se) return;
    co[at + ZIGZAG[k]!] = r.receiveExtend(s) * (1 << al);
    k++;
  }
}

/**
 * A progressive AC refinement scan's block (§G.1.2.3): a correction bit for every coefficient of the
 * band already non-zero, and new coefficients of ±2^Al placed after runs of zero-valued ones.
 */
function acRefine(r: BitReader, ac: HuffmanTable, ss: number, se: number, al: number, state: { eobrun: number }, co: Int16Array, at: number): void {
  const p1 = 1 << al;
  const m1 = -1 << al;
  let k = ss;
  if (state.eobrun === 0) {
    for (; k <= se;) {
      const rs = r.decode(ac);
      let run = rs >> 4;
      const s = rs & 15;
      let value = 0;
      if (s === 0) {
        if (run < 15) {
          state.eobrun = (1 << run) + r.read(run);
          break;
        }
      } else value = r.bit() ? p1 : m1; // s is 1 in a refinement scan; its sign bit comes first
      while (k <= se) {
        const z = at + ZIGZAG[k]!;
        if (co[z] !== 0) refine(r, co, z, p1, m1);
        else {
          if (run === 0) {
            if (value !== 0) co[z] = value;
            k++;
            break;
          }
          run--;
        }
        k++;
      }
      if (r.exhausted) return;
    }
  }
  if (state.eobrun > 0) {
    // Inside an end-of-band run only the correction bits of the band's non-zero coefficients remain.
    for (; k <= se; k++) {
      const z = at + ZIGZAG[k]!;
      if (co[z] !== 0) refine(r, co, z, p1, m1);
    }
    state.eobrun--;
  }
}

function refine(r: BitReader, co: Int16Array, z: number, p1: number, m1: number): void {
  if (r.bit() && (co[z]! & p1) === 0) co[z] = co[z]! + (co[z]! >= 0 ? p1 : m1);
}
