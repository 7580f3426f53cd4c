/**
 * GIF (GIF87a/GIF89a, W3C GIF89a specification) → DecodedImage: the first frame only, composed on
 * the logical screen (pixels the frame does not cover are transparent, as browsers show them),
 * interlaced rows reordered (§23.c.iv, appendix E), the Graphic Control Extension's transparent
 * colour index (§23) turned into an alpha channel.
 */
import type { Diagnostic, Result } from '../core';
import { warning } from '../core';
import { decodeLzw, maxLzwOutput } from './lzw';
import { alphaIfUsed, badImage, checkDimensions, checkFillable, DEFAULT_IMAGE_LIMITS, fullPalette, runDecoder, u16, type DecodedImage, type ImageLimits } from './types';

interface Frame {
  left: number;
  top: number;
  width: number;
  height: number;
  interlaced: boolean;
  palette: Uint8Array | undefined;
  minCodeSize: number;
  data: Uint8Array;
}

/** Decodes the first frame of a GIF; damaged files give a failed Result (`render/bad-image`), never a throw. */
export function decodeGif(bytes: Uint8Array, limits: ImageLimits = DEFAULT_IMAGE_LIMITS): Result<DecodedImage> {
  return runDecoder('GIF', (warnings) => decodeBody(bytes, limits, warnings));
}

function decodeBody(b: Uint8Array, limits: ImageLimits, warnings: Diagnostic[]): DecodedImage {
  if (b.length < 13 || b[0] !== 0x47 || b[1] !== 0x49 || b[2] !== 0x46) badImage('The picture is not a GIF file.');
  const screenW = u16(b, 6, true);
  const screenH = u16(b, 8, true);
  const flags = b[10]!;
  let p = 13;
  let global: Uint8Array | undefined;
  if (flags & 0x80) {
    const n = 3 << ((flags & 7) + 1);
    global = b.subarray(p, Math.min(b.length, p + n));
    p += n;
  }
  let transparent = -1;
  let frame: Frame | undefined;
  while (p < b.length && !frame) {
    const block = b[p++]!;
    if (block === 0x3b) break; // trailer
    if (block === 0x21) {
      const label = b[p++];
      // Graphic Control Extension (§23): block size 4, packed flags, delay, transparent index.
      if (label === 0xf9 && b[p] === 4 && p + 5 <= b.length) transparent = b[p + 1]! & 1 ? b[p + 4]! : -1;
      p = skipSubBlocks(b, p);
    } else if (block === 0x2c) {
      frame = readFrame(b, p, global);
    } else badImage(`The GIF picture has an unknown block (0x${block.toString(16)}).`);
  }
  if (!frame) badImage('The GIF picture has no image.');
  // The logical screen is the canvas; a first frame reaching past it (or a zero-sized screen, both seen
  // in the wild) grows it, as browsers do, rather than losing pixels.
  checkDimensions('GIF', frame.width, frame.height, limits);
  const width = Math.max(screenW, frame.left + frame.width);
  const height = Math.max(screenH, frame.top + frame.height);
  checkDimensions('GIF', width, height, limits);
  checkFillable('GIF', width, height, maxLzwOutput(frame.data.length, frame.minCodeSize));
  return compose(frame, width, height, transparent, warnings);
}

function readFrame(b: Uint8Array, p: number, global: Uint8Array | undefined): Frame {
  if (p + 10 > b.length) badImage('The GIF picture is truncated in its image descriptor.');
  const flags = b[p + 8]!;
  let q = p + 9;
  let palette = global;
  if (flags & 0x80) {
    const n = 3 << ((flags & 7) + 1);
    palette = b.subarray(q, Math.min(b.length, q + n));
    q += n;
  }
  const minCodeSize = b[q++] ?? 0;
  if (minCodeSize < 2 || minCodeSize > 8) badImage(`The GIF picture has an invalid LZW code size (${minCodeSize}).`);
  return { left: u16(b, p, true), top: u16(b, p + 2, true), width: u16(b, p + 4, true), height: u16(b, p + 6, true), interlaced: (flags & 0x40) !== 0, palette, minCodeSize, data: joinSubBlocks(b, q) };
}

/** Skips data sub-blocks (§15): length byte, bytes, until a zero length. */
function skipSubBlocks(b: Uint8Array, p: number): number {
  while (p < b.length) {
    const n = b[p]!;
    p += 1 + n;
    if (n === 0) break;
  }
  return p;
}

/** Concatenates the image's data sub-blocks (bounded by the input size). */
function joinSubBlocks(b: Uint8Array, p: number): Uint8Array {
  const end = skipSubBlocks(b, p);
  const out = new Uint8Array(Math.max(0, Math.min(end, b.length) - p));
  let o = 0;
  while (p < b.length) {
    const n = b[p++]!;
    if (n === 0) break;
    const chunk = b.subarray(p, Math.min(b.length, p + n));
    out.set(chunk, o);
    o += chunk.length;
    p += n;
  }
  return out.subarray(0, o);
}

/** Interlaced row order (appendix E): every 8th row from 0, every 8th from 4, every 4th from 2, every 2nd from 1. */
function interlacedRows(height: number): Uint32Array {
  const rows = new Uint32Array(height);
  let i = 0;
  for (const [start, step] of [[0, 8], [4, 8], [2, 4], [1, 2]] as const) for (let y = start; y < height; y += step) rows[i++] = y;
  return rows;
}

function compose(f: Frame, width: number, height: number, transparent: number, warnings: Diagnostic[]): DecodedImage {
  const indices = new Uint8Array(f.width * f.height);
  const r = decodeLzw(f.data, indices, { rootBits: f.minCodeSize, lsbFirst: true, earlyChange: 0 });
  if (r.written === 0) badImage('The GIF picture has no decodable image data.');
  if (r.end === 'truncated' || r.end === 'corrupt' || (r.end === 'end' && r.written < indices.length)) {
    warnings.push(warning('render/bad-image', `The GIF picture's image data is ${r.end === 'corrupt' ? 'damaged' : 'short'} (${r.written} of ${indices.length} pixels); the rest is left transparent.`));
  }
  const samples = new Uint8Array(width * height);
  const alpha = new Uint8Array(width * height);
  const rows = f.interlaced ? interlacedRows(f.height) : undefined;
  // A row is copied whole; its alpha is opaque up to what was decoded, less the transparent index.
  const span = Math.min(f.width, width - f.left);
  for (let i = 0; i < f.height; i++) {
    const y = f.top + (rows ? rows[i]! : i);
    if (y >= height) continue;
    const from = i * f.width;
    const at = y * width + f.left;
    const done = Math.max(0, Math.min(span, r.written - from));
    samples.set(indices.subarray(from, from + span), at);
    if (transparent < 0) alpha.fill(255, at, at + done);
    else for (let x = 0; x < done; x++) alpha[at + x] = indices[from + x] !== transparent ? 255 : 0;
  }
  // No colour table at all: a greyscale ramp stands in (§18 leaves the choice to the decoder).
  const palette = f.palette ? fullPalette(f.palette) : greyRamp();
  return { width, height, color: 'indexed', palette, samples, ...alphaIfUsed(alpha) };
}

function greyRamp(): Uint8Array {
  const out = new Uint8Array(768);
  for (let i = 0; i < 768; i++) out[i] = Math.floor(i / 3);
  return out;
}
