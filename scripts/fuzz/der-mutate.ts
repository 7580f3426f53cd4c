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
  readonly end: number;
  readonly constructed: boolean;
  readonly tag: number;
}

/** Reads the TLV at `at`, or undefined when its header is not plain DER. */
function readTlv(der: Uint8Array, at: number, limit: number): Tlv | undefined {
  if (at + 2 > limit) return undefined;
  const tag = der[at]!;
  if ((tag & 0x1f) === 0x1f) return undefined;
  let len = der[at + 1]!;
  let body = at + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 3 || body + n > limit) return undefined;
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + der[body + i]!;
    body += n;
  }
  return body + len <= limit ? { at, body, end: body + len, constructed: (tag & 0x20) !== 0, tag } : undefined;
}

/** Every item of the tree (depth-first), up to `max` items. */
export function derItems(der: Uint8Array, max = 5000): Tlv[] {
  const out: Tlv[] = [];
  const walk = (from: number, to: number, depth: number) => {
    for (let at = from; at < to && out.length < max; ) {
      const t = readTlv(der, at, to);
      if (!t) return;
      out.push(t);
      if (t.constructed && depth < 40) walk(t.body, t.end, depth + 1);
      at = t.end;
    }
  };
  walk(0, der.length, 0);
  return out;
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
  return { der: DER_MUTATIONS[name]!(der, t, r, all), op: `der:${name}(0x${t.tag.toString(16)})` };
}
