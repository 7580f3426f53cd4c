/**
 * DER-aware mutations of a CMS SignedData (the bytes inside a PDF signature's /Contents): the
 * tree of tag-length-value items is walked, then one item gets a hostile length, a different
 * algorithm identifier, flipped or zeroed content, or is cut out or repeated. The structure around
 * the item stays, so the verifier gets past the PDF and the outer DER and into the signature.
 */
import type { Rng } from './rng';

/** One tag-length-value item: where its header starts, where its content starts and ends. */
interface Tlv {
  readonly at: number;
  readonly body: number;
  end: number;
  readonly constructed: boolean;
  readonly tag: number;
  /** Child indices from the root, e.g. `0.1.3` (for reports). */
  readonly path: string;
}

/** A TLV header: where its content starts and how long it is (undefined: indefinite, BER). */
function readHeader(der: Uint8Array, at: number, limit: number): { tag: number; body: number; len?: number } | undefined {
  if (at + 2 > limit) return undefined;
  const tag = der[at]!;
  if ((tag & 0x1f) === 0x1f) return undefined;
  const first = der[at + 1]!;
  if (first === 0x80) return (tag & 0x20) !== 0 ? { tag, body: at + 2 } : undefined;
  if (!(first & 0x80)) return { tag, body: at + 2, len: first };
  const n = first & 0x7f;
  if (n > 4 || at + 2 + n > limit) return undefined;
  let len = 0;
  for (let i = 0; i < n; i++) len = len * 256 + der[at + 2 + i]!;
  return { tag, body: at + 2 + n, len };
}

/**
 * Every item of the tree (depth-first, DER and BER's indefinite lengths), up to `max` items; an
 * indefinite item's `end` is its end-of-contents marker.
 */
export function derItems(der: Uint8Array, max = 5000): Tlv[] {
  const out: Tlv[] = [];
  /** Parses the items in [from, to) (or up to an end-of-contents marker); returns where they stop. */
  const walk = (from: number, to: number, depth: number, path: string, untilEoc: boolean): number | undefined => {
    let at = from;
    for (let i = 0; at < to && out.length < max; i++) {
      if (untilEoc && der[at] === 0 && der[at + 1] === 0) return at;
      const h = readHeader(der, at, to);
      if (!h || depth > 40) return undefined;
      const p = path ? `${path}.${i}` : String(i);
      const constructed = (h.tag & 0x20) !== 0;
      const item = { at, body: h.body, end: 0, constructed, tag: h.tag, path: p };
      out.push(item);
      let end = h.len !== undefined ? h.body + h.len : undefined;
      if (end !== undefined && end > to) return undefined;
      if (constructed) {
        const stop = walk(h.body, end ?? to, depth + 1, p, end === undefined);
        if (stop === undefined) return undefined;
        end ??= stop + 2;
      }
      item.end = end!;
      at = end!;
    }
    return untilEoc ? undefined : at;
  };
  walk(0, der.length, 0, '', false);
  return out.filter((t) => t.end > 0);
}

/** Algorithm identifiers to swap in: weak, mismatched, unknown. */
const OIDS = [
  [0x2b, 0x0e, 0x03, 0x02, 0x1a], // sha1
  [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x02, 0x05], // md5
  [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x03], // sha512
  [0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02], // ecdsa-with-SHA256
  [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0a], // RSASSA-PSS
  [0x2a, 0x03], // nonsense
];

const splice = (der: Uint8Array, from: number, to: number, insert: ArrayLike<number>) => {
  const out = new Uint8Array(der.length - (to - from) + insert.length);
  out.set(der.subarray(0, from));
  out.set(insert, from);
  out.set(der.subarray(to), from + insert.length);
  return out;
};

/** The DER mutations by name; each returns new bytes (possibly of another length). */
const DER_MUTATIONS: Record<string, (der: Uint8Array, t: Tlv, r: Rng, all: Tlv[]) => Uint8Array> = {
  hostileLength: (der, t, r) => splice(der, t.at + 1, t.body, r.pick([[0x80], [0x84, 0xff, 0xff, 0xff, 0xff], [0x00], [0x81, 0x01], [0x82, 0xff, 0xff], [0x83, 0x7f, 0xff, 0xff]])),
  swapOid: (der, t, r, all) => {
    const oids = all.filter((x) => x.tag === 0x06);
    const o = oids.length > 0 ? r.pick(oids) : t;
    const oid = r.pick(OIDS);
    return splice(der, o.at + 1, o.end, [oid.length, ...oid]);
  },
  flipContent: (der, t, r) => {
    const out = der.slice();
    for (let i = 0; i < 1 + r.int(4) && t.end > t.body; i++) {
      const k = t.body + r.int(t.end - t.body);
      out[k] = out[k]! ^ (1 << r.int(8));
    }
    return out;
  },
  zeroContent: (der, t) => {
    const out = der.slice();
    out.fill(0, t.body, t.end);
    return out;
  },
  cutItem: (der, t) => splice(der, t.at, t.end, []),
  repeatItem: (der, t, r) => {
    const item = der.subarray(t.at, t.end);
    const n = r.pick([2, 10, 200]);
    const many = new Uint8Array(item.length * n);
    for (let i = 0; i < n; i++) many.set(item, i * item.length);
    return splice(der, t.at, t.end, many);
  },
  retag: (der, t, r) => {
    const out = der.slice();
    out[t.at] = r.pick([0x30, 0x31, 0x02, 0x04, 0x05, 0x06, 0xa0, 0xa1, 0x17, 0x18, 0x0c]);
    return out;
  },
};

/** Mutates a DER tree once; `ops` names what was done and to which tag. */
export function mutateDer(der: Uint8Array, r: Rng): { der: Uint8Array; op: string } {
  const all = derItems(der);
  if (all.length === 0) return { der, op: 'der:none' };
  const t = r.pick(all);
  const name = r.pick(Object.keys(DER_MUTATIONS));
  return { der: DER_MUTATIONS[name]!(der, t, r, all), op: `der:${name}(0x${t.tag.toString(16)} at ${t.path})` };
}
