/**
 * Byte-level mutations shared by every target: flips, truncation, zeroed or duplicated regions, and
 * hostile values written over header fields (the first bytes of images and metafiles hold sizes).
 */
import type { Rng } from './rng';

/** Values that break size arithmetic: zero, one, sign bits, all ones. */
const HOSTILE_U32 = [0, 1, 0x7fffffff, 0x80000000, 0xffffffff, 0xffff, 0x10000, 0x40000000];

function flip(b: Uint8Array, r: Rng): Uint8Array {
  const out = b.slice();
  const n = 1 + r.int(8);
  for (let i = 0; i < n && out.length > 0; i++) out[r.int(out.length)] = r.int(256);
  return out;
}

function truncate(b: Uint8Array, r: Rng): Uint8Array {
  return b.slice(0, r.int(b.length + 1));
}

function zeroRegion(b: Uint8Array, r: Rng): Uint8Array {
  const out = b.slice();
  const at = r.int(out.length + 1);
  out.fill(r.pick([0, 0xff]), at, Math.min(out.length, at + 1 + r.int(256)));
  return out;
}

function duplicateRegion(b: Uint8Array, r: Rng): Uint8Array {
  const at = r.int(b.length + 1);
  const len = Math.min(b.length - at, 1 + r.int(512));
  const copies = 1 + r.int(4);
  const parts = [b.subarray(0, at + len)];
  for (let i = 0; i < copies; i++) parts.push(b.subarray(at, at + len));
  parts.push(b.subarray(at + len));
  return concat(parts);
}

/** Writes a hostile 16- or 32-bit value, either endianness, at an offset in the first `headerBytes`. */
function hostileField(b: Uint8Array, r: Rng, headerBytes = 96): Uint8Array {
  const out = b.slice();
  if (out.length < 4) return out;
  const at = r.int(Math.max(1, Math.min(out.length - 4, headerBytes)));
  const v = r.pick(HOSTILE_U32);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  if (r.chance(0.5)) view.setUint32(at, v >>> 0, r.chance(0.5));
  else view.setUint16(at, v & 0xffff, r.chance(0.5));
  return out;
}

/** Concatenates byte arrays. */
export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The byte mutations by name, for the campaign's record of what a case did. */
export const BYTE_MUTATIONS: Record<string, (b: Uint8Array, r: Rng) => Uint8Array> = {
  flip,
  truncate,
  zeroRegion,
  duplicateRegion,
  hostileField: (b, r) => hostileField(b, r),
  hostileFieldDeep: (b, r) => hostileField(b, r, b.length),
};

/** Applies 1–3 random byte mutations; returns the bytes and their names. */
export function mutateBytes(b: Uint8Array, r: Rng, names = Object.keys(BYTE_MUTATIONS)): { bytes: Uint8Array; ops: string[] } {
  let out = b;
  const ops: string[] = [];
  const n = 1 + r.int(3);
  for (let i = 0; i < n; i++) {
    const name = r.pick(names);
    out = BYTE_MUTATIONS[name]!(out, r);
    ops.push(name);
  }
  return { bytes: out, ops };
}
