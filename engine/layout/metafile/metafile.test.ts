import { describe, expect, it } from 'vitest';
import type { LayoutItem, PathCommand } from '../../model';
import { CollectingSink, ResourceTables } from '../emit/sink';
import { Bytes, buildEmf, buildWmf, dib24, emr, wmr, type EmfRecord } from '../../../tests/helpers/make-metafile';
import { TINY_PNG } from '../../../tests/helpers/tiny-png';
import { drawMetafile, type MetafileBox } from './index';
import { MAX_RECORDS } from './emf';

const BOX: MetafileBox = { x: 10, y: 20, w: 200, h: 100 };

function play(data: Uint8Array, contentType: string, box = BOX) {
  const sink = new CollectingSink(new ResourceTables(), { widthPt: 612, heightPt: 792, marginLeft: 72, marginRight: 72, marginTop: 72, marginBottom: 72 });
  const result = drawMetafile({ contentType, data }, 'word/media/pic', box, { sink });
  return { result, sink };
}

function flat(items: readonly LayoutItem[]): LayoutItem[] {
  return items.flatMap((i) => (i.kind === 'group' ? flat(i.items) : [i]));
}

function itemsOf(r: ReturnType<typeof play>['result']): LayoutItem[] {
  if (!r.ok) throw new Error(r.reason);
  return r.items;
}

function corners(cmds: readonly PathCommand[]): Array<[number, number]> {
  return cmds.flatMap((c) => (c.op === 'Z' ? [] : [[round(c.x), round(c.y)] as [number, number]]));
}

const round = (v: number) => Math.round(v * 1000) / 1000;

// EMF records ([MS-EMF] 2.3): bodies after the type and size.
const brush = (ih: number, color: number, style = 0) => emr(39, (b) => b.u32(ih, style, color, 0));
const pen = (ih: number, style: number, width: number, color: number) => emr(38, (b) => b.u32(ih, style, width, 0, color));
const select = (ih: number) => emr(37, (b) => b.u32(ih));
const rectangle = (l: number, t: number, r: number, bm: number) => emr(43, (b) => b.u32(l, t, r, bm));
const polyline16 = (pts: ReadonlyArray<[number, number]>) => emr(87, (b) => b.u32(0, 0, 0, 0, pts.length).u16(...pts.flat()));

function stretchDiBits(x: number, y: number, w: number, h: number, dib: { info: Uint8Array; bits: Uint8Array }, srcW: number, srcH: number): EmfRecord {
  return emr(81, (b) =>
    b.u32(0, 0, 0, 0, x, y, 0, 0, srcW, srcH, 80, dib.info.length, 80 + dib.info.length, dib.bits.length, 0, 0xcc0020, w, h).bytes(dib.info).bytes(dib.bits),
  );
}

function extTextOutW(x: number, y: number, text: string, dx?: readonly number[]): EmfRecord {
  const offString = 76;
  const offDx = dx ? offString + ((text.length * 2 + 3) & ~3) : 0;
  return emr(84, (b) => {
    b.u32(0, 0, 0, 0, 1).f32(1, 1).u32(x, y, text.length, offString, 0, 0, 0, 0, 0, offDx).utf16(text).pad(4);
    if (dx) b.u32(...dx);
    return b;
  });
}

/** An EMF+ record ([MS-EMFPLUS] 2.3): type, flags, size, data size, data. */
function plusRecord(type: number, flags: number, data: (b: Bytes) => Bytes): Uint8Array {
  const body = data(new Bytes()).pad(4).done();
  return new Bytes().u16(type, flags).u32(12 + body.length, body.length).bytes(body).done();
}

/** EMR_COMMENT holding EMF+ records. */
function emfPlus(records: readonly Uint8Array[]): EmfRecord {
  const n = records.reduce((a, r) => a + r.length, 0);
  return emr(70, (b) => {
    b.u32(4 + n, 0x2b464d45);
    for (const r of records) b.bytes(r);
    return b;
  });
}

/** An EMF+-only picture (pixel units): a triangle path object stroked by a 4-pixel green pen. */
const PLUS_PATH = [
  plusRecord(0x4001, 0, (b) => b.u32(0xdbc01002, 1, 96, 96)),
  plusRecord(0x4008, 0x300 | 1, (b) => b.u32(0xdbc01002, 3, 0).f32(0, 0, 500, 0, 500, 250).u8(0, 1, 0x81)),
  plusRecord(0x4008, 0x200 | 2, (b) => b.u32(0xdbc01002, 0, 0, 0).f32(4).u32(0xdbc01002, 0, 0xff00ff00)),
  plusRecord(0x4015, 1, (b) => b.u32(2)),
];

describe('drawMetafile: EMF', () => {
  it('maps rclFrame onto the box: a rectangle in device pixels lands in page points with the brush and pen', () => {
    const emf = buildEmf([brush(1, 0x0000ff), select(1), pen(2, 0, 10, 0x00ff00), select(2), rectangle(100, 100, 600, 300)]);
    const items = itemsOf(play(emf, 'image/x-emf').result);
    expect(items).toHaveLength(1);
    const path = items[0]!;
    if (path.kind !== 'path') throw new Error(path.kind);
    // 1000 × 500 device pixels fill 200 × 100 pt: one pixel is 0.2 pt.
    expect(corners(path.commands)).toEqual([[30, 40], [130, 40], [130, 80], [30, 80]]);
    expect(path.fill).toBe('FF0000');
    expect(path.stroke).toBe('00FF00');
    expect(path.lineWidth).toBeCloseTo(2);
  });

  it('applies MM_ANISOTROPIC window and viewport, and the world transform', () => {
    const emf = buildEmf([
      emr(17, (b) => b.u32(8)),
      emr(9, (b) => b.u32(100, 100)),
      emr(11, (b) => b.u32(1000, 500)),
      polyline16([[0, 0], [100, 100]]),
      emr(35, (b) => b.f32(1, 0, 0, 1, 50, 0)),
      polyline16([[0, 0], [50, 0]]),
    ]);
    const [a, b] = itemsOf(play(emf, 'image/x-emf').result);
    if (a?.kind !== 'path' || b?.kind !== 'path') throw new Error('paths expected');
    expect(corners(a.commands)).toEqual([[10, 20], [210, 120]]);
    expect(a.fill).toBeUndefined();
    // World x + 50 logical units, then ×10 device pixels, then ×0.2 pt.
    expect(corners(b.commands)).toEqual([[110, 20], [210, 20]]);
  });

  it('draws EMR_STRETCHDIBITS as a PNG image item on its destination', () => {
    const dib = dib24([[0xff0000, 0x00ff00], [0x0000ff, 0xffffff]]);
    const { result, sink } = play(buildEmf([stretchDiBits(500, 0, 500, 250, dib, 2, 2)]), 'image/x-emf');
    const [img] = itemsOf(result);
    expect(img).toEqual({ kind: 'image', x: 110, y: 20, w: 100, h: 50, image: 0 });
    const png = sink.resources.images[0]!;
    expect(png.contentType).toBe('image/png');
    expect([...png.data.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    const ihdr = new DataView(png.data.buffer, png.data.byteOffset + 16, 8);
    expect([ihdr.getUint32(0), ihdr.getUint32(4)]).toEqual([2, 2]);
  });

  it('clips to EMR_INTERSECTCLIPRECT and restores the clip with EMR_RESTOREDC', () => {
    const emf = buildEmf([emr(33), emr(30, (b) => b.u32(0, 0, 500, 500)), rectangle(100, 100, 600, 300), emr(34, (b) => b.u32(-1)), rectangle(0, 0, 10, 10)]);
    const items = itemsOf(play(emf, 'image/x-emf').result);
    expect(items.map((i) => i.kind)).toEqual(['group', 'path']);
    const g = items[0]!;
    if (g.kind !== 'group') throw new Error(g.kind);
    expect(g.clip).toEqual({ x: 10, y: 20, w: 100, h: 100 });
  });

  it('cuts EMR_EXCLUDECLIPRECT rectangles out of the clip until EMR_RESTOREDC', () => {
    const emf = buildEmf([emr(33), emr(29, (b) => b.u32(100, 100, 200, 200)), emr(29, (b) => b.u32(300, 0, 400, 50)), rectangle(0, 0, 600, 300), emr(34, (b) => b.u32(-1)), rectangle(0, 0, 10, 10)]);
    const r = play(emf, 'image/x-emf').result;
    const items = itemsOf(r);
    expect(items.map((i) => i.kind)).toEqual(['group', 'path']);
    const g = items[0]!;
    if (g.kind !== 'group') throw new Error(g.kind);
    expect(g.clip).toBeUndefined();
    expect(g.clipOut).toEqual([{ x: 30, y: 40, w: 20, h: 20 }, { x: 70, y: 20, w: 20, h: 10 }]);
    if (r.ok) expect(r.notes.size).toBe(0);
  });

  it('cuts META_EXCLUDECLIPRECT (bottom, right, top, left) out of a WMF clip; a new clip region drops the cut-outs', () => {
    const wmf = buildWmf([wmr(0x0415, [200, 200, 100, 100]), wmr(0x041b, [300, 600, 0, 0])], [0, 0, 1000, 500]);
    const [g] = itemsOf(play(wmf, 'image/x-wmf').result);
    if (g?.kind !== 'group') throw new Error(String(g?.kind));
    expect(g.clipOut).toEqual([{ x: 30, y: 40, w: 20, h: 20 }]);
    // EMR_EXTSELECTCLIPRGN with RGN_COPY and no region resets the clip, cut-outs included.
    const emf = buildEmf([emr(29, (b) => b.u32(100, 100, 200, 200)), emr(75, (b) => b.u32(0, 5)), rectangle(0, 0, 10, 10)]);
    expect(itemsOf(play(emf, 'image/x-emf').result).map((i) => i.kind)).toEqual(['path']);
  });

  it('counts text it cannot draw without fonts, and reads EMR_EXTTEXTOUTW without error', () => {
    const r = play(buildEmf([extTextOutW(10, 10, 'Hello', [10, 10, 10, 10, 10])]), 'image/x-emf').result;
    if (!r.ok) throw new Error(r.reason);
    expect(r.notes.get('text without fonts')).toBe(1);
  });

  it('fills paths built in a BeginPath bracket, with the even-odd rings reoriented', () => {
    const emf = buildEmf([
      brush(1, 0x336699),
      select(1),
      emr(59),
      emr(27, (b) => b.u32(0, 0)),
      emr(89, (b) => b.u32(0, 0, 0, 0, 2).u16(100, 0, 100, 100)),
      emr(61),
      emr(60),
      emr(62, (b) => b.u32(0, 0, 0, 0)),
    ]);
    const [p] = itemsOf(play(emf, 'image/x-emf').result);
    if (p?.kind !== 'path') throw new Error('path expected');
    expect(p.fill).toBe('996633');
    expect(p.stroke).toBeUndefined();
    expect(p.commands.map((c) => c.op)).toEqual(['M', 'L', 'L', 'Z']);
  });

  it('draws a hatched brush as a tint of its colour, and skips text in an unmapped symbol font', () => {
    const face = new Bytes().utf16('Marlett').done();
    const font = emr(82, (b) => b.u32(3, -20, 0, 0, 0, 400).u8(0, 0, 0, 2, 0, 0, 0, 0).bytes(face).bytes(new Uint8Array(64 - face.length)));
    const r = play(buildEmf([brush(1, 0x0000ff, 2), select(1), rectangle(0, 0, 100, 100), font, select(3), extTextOutW(0, 0, 'gfedc')]), 'image/x-emf').result;
    if (!r.ok) throw new Error(r.reason);
    expect(r.items[0]).toMatchObject({ kind: 'path', fill: 'FF0000', fillOpacity: 0.35 });
    expect(r.notes.get('text in symbol font Marlett')).toBe(1);
    expect(r.items).toHaveLength(1);
  });

  it('refuses an EMF whose EMF+ records draw nothing, so the picture keeps its frame', () => {
    const r = play(buildEmf([emfPlus([plusRecord(0x4001, 0, (b) => b.u32(0xdbc01002, 1, 96, 96))])]), 'image/x-emf').result;
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/EMF\+/);
  });

  it('plays an EMF+-only picture: page unit, a solid brush object and FillRects land in the box', () => {
    const records = [
      plusRecord(0x4001, 0, (b) => b.u32(0xdbc01002, 1, 96, 96)),
      plusRecord(0x4030, 3, (b) => b.f32(0.5)),
      plusRecord(0x4008, 0x100 | 4, (b) => b.u32(0xdbc01002, 0, 0xff0000ff)),
      plusRecord(0x400a, 0, (b) => b.u32(4, 1).f32(150, 150, 750, 300)),
      plusRecord(0x400a, 0x8000, (b) => b.u32(0x00ff0000, 1).f32(0, 0, 10, 10)),
    ];
    const items = itemsOf(play(buildEmf([emfPlus(records)]), 'image/x-emf').result);
    expect(items).toHaveLength(1);
    const p = items[0]!;
    if (p.kind !== 'path') throw new Error(p.kind);
    // Points at 96 dpi are 4/3 px, at page scale 0.5: 150 pt → 100 px → 20 pt into the box.
    expect(corners(p.commands)).toEqual([[30, 40], [130, 40], [130, 80], [30, 80]]);
    expect(p.fill).toBe('0000FF');
  });

  it('strokes an EMF+ path object with an EMF+ pen object', () => {
    const items = itemsOf(play(buildEmf([emfPlus(PLUS_PATH)]), 'image/x-emf').result);
    const p = items[0]!;
    if (p.kind !== 'path') throw new Error(p.kind);
    expect(p.commands.map((c) => c.op)).toEqual(['M', 'L', 'L', 'Z']);
    expect(corners(p.commands)).toEqual([[10, 20], [110, 20], [110, 70]]);
    expect([p.stroke, p.fill, p.lineWidth]).toEqual(['00FF00', undefined, 0.8]);
  });

  it('assembles an EMF+ image object sent in two pieces and draws it with DrawImage', () => {
    const image = new Bytes().u32(0xdbc01002, 1, 2, 2, 8, 0x26200a, 1).bytes(TINY_PNG).done();
    const half = 20;
    const records = [
      plusRecord(0x4001, 0, (b) => b.u32(0xdbc01002, 1, 96, 96)),
      plusRecord(0x4008, 0x8000 | 0x500 | 3, (b) => b.u32(image.length).bytes(image.subarray(0, half))),
      plusRecord(0x4008, 0x8000 | 0x500 | 3, (b) => b.u32(image.length).bytes(image.subarray(half))),
      plusRecord(0x401a, 3, (b) => b.u32(0, 2).f32(0, 0, 2, 2).f32(500, 0, 500, 250)),
    ];
    const { result, sink } = play(buildEmf([emfPlus(records)]), 'image/x-emf');
    expect(itemsOf(result)).toEqual([{ kind: 'image', x: 110, y: 20, w: 100, h: 50, image: 0 }]);
    expect(sink.resources.images[0]).toEqual({ contentType: 'image/png', data: TINY_PNG });
  });

  it('draws a dual-mode picture from its EMF records and skips its EMF+ records', () => {
    const plus = emfPlus([plusRecord(0x4001, 1, (b) => b.u32(0xdbc01002, 1, 96, 96)), plusRecord(0x400a, 0x8000, (b) => b.u32(0xff00ff00, 1).f32(0, 0, 10, 10))]);
    const items = itemsOf(play(buildEmf([plus, brush(1, 0x0000ff), select(1), rectangle(100, 100, 600, 300)]), 'image/x-emf').result);
    expect(items.map((i) => i.kind === 'path' && i.fill)).toEqual(['FF0000']);
  });
});

describe('drawMetafile: WMF', () => {
  const frame = [wmr(0x020b, [0, 0]), wmr(0x020c, [500, 1000])];

  it('maps the window onto the box and fills a polygon with the selected brush and a null pen', () => {
    const wmf = buildWmf(
      [
        ...frame,
        wmr(0x02fc, (b) => b.u16(0).u32(0x00ff00).u16(0)),
        wmr(0x012d, [0]),
        wmr(0x02fa, (b) => b.u16(5, 0, 0).u32(0)),
        wmr(0x012d, [1]),
        wmr(0x0324, [3, 0, 0, 500, 0, 500, 250]),
      ],
      [0, 0, 1000, 500],
    );
    const [p] = itemsOf(play(wmf, 'image/x-wmf').result);
    if (p?.kind !== 'path') throw new Error('path expected');
    expect(corners(p.commands)).toEqual([[10, 20], [110, 20], [110, 70]]);
    expect(p.fill).toBe('00FF00');
    expect(p.stroke).toBeUndefined();
  });

  it('uses the placeable header when no window is set, and draws an ellipse as Béziers inside the box', () => {
    const wmf = buildWmf([wmr(0x0418, [500, 1000, 0, 0])], [0, 0, 1000, 500]);
    const [p] = itemsOf(play(wmf, 'image/x-wmf').result);
    if (p?.kind !== 'path') throw new Error('path expected');
    expect(p.commands.filter((c) => c.op === 'C')).toHaveLength(4);
    const xs = corners(p.commands).map(([x]) => x);
    const ys = corners(p.commands).map(([, y]) => y);
    expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]).toEqual([10, 210, 20, 120]);
    // Default DC: white brush, black one-pixel pen.
    expect(p.fill).toBe('FFFFFF');
    expect(p.stroke).toBe('000000');
  });

  it('draws META_STRETCHDIB as an image, and a masked icon (SRCAND mask + SRCINVERT colours) as one transparent image', () => {
    const colour = dib24([[0xff0000, 0x00ff00]]);
    const stretch = wmr(0x0f43, (b) => b.u32(0xcc0020).u16(0, 1, 2, 0, 0, 250, 500, 0, 0).bytes(colour.info).bytes(colour.bits));
    const mask = { info: new Bytes().u32(40, 2, 1).u16(1, 1).u32(0, 0, 0, 0, 2, 0).u32(0x000000, 0xffffff).done(), bits: Uint8Array.of(0x40, 0, 0, 0) };
    const blt = (rop: number, d: { info: Uint8Array; bits: Uint8Array }) => wmr(0x0b41, (b) => b.u32(rop).u16(1, 2, 0, 0, 250, 500, 250, 500).bytes(d.info).bytes(d.bits));
    const { result, sink } = play(buildWmf([...frame, stretch, blt(0x8800c6, mask), blt(0x660046, colour)]), 'image/x-wmf');
    const items = itemsOf(result);
    expect(items).toEqual([
      { kind: 'image', x: 10, y: 20, w: 100, h: 50, image: 0 },
      { kind: 'image', x: 110, y: 70, w: 100, h: 50, image: 1 },
    ]);
    // PNG colour type 6 (RGBA) for the icon, 2 (RGB) for the plain bitmap.
    expect(sink.resources.images.map((i) => i.data[25])).toEqual([2, 6]);
  });
});

describe('drawMetafile: hostile pictures', () => {
  it('refuses truncated headers and pictures that are neither EMF nor WMF', () => {
    const emf = buildEmf([rectangle(0, 0, 10, 10)]);
    expect(play(emf.subarray(0, 60), 'image/x-emf').result.ok).toBe(false);
    expect(play(Uint8Array.of(1, 0, 9, 0, 0), 'image/x-wmf').result.ok).toBe(false);
    expect(play(Uint8Array.of(1, 2, 3), 'image/png').result.ok).toBe(false);
  });

  it('stops at a record whose size breaks the framing, keeping what was drawn', () => {
    const good = buildEmf([rectangle(0, 0, 100, 100), rectangle(0, 0, 50, 50)]);
    const bad = good.slice();
    // The second rectangle's size field (header 88 + first record 24, + 4).
    new DataView(bad.buffer).setUint32(88 + 24 + 4, 0, true);
    const r = play(bad, 'image/x-emf').result;
    expect(r.ok && r.items.length === 1 && r.stopped).toMatch(/claims 0 bytes/);
  });

  it('refuses a point count past the record end without allocating it', () => {
    const r = play(buildEmf([emr(87, (b) => b.u32(0, 0, 0, 0, 0x7fffffff).u16(1, 2))]), 'image/x-emf').result;
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/claims 2147483647 points/);
  });

  it('bounds the record count and SaveDC depth', () => {
    const n = MAX_RECORDS + 2;
    const bytes = new Uint8Array(88 + n * 12);
    bytes.set(buildEmf([]).subarray(0, 88));
    const v = new DataView(bytes.buffer);
    for (let i = 0; i < n; i++) v.setUint32(88 + i * 12, 18, true), v.setUint32(92 + i * 12, 12, true), v.setUint32(96 + i * 12, 1, true);
    const r = play(bytes, 'image/x-emf').result;
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/more than 500000 records/);
    const deep = play(buildEmf([...Array.from({ length: 200 }, () => emr(33)), rectangle(0, 0, 10, 10)]), 'image/x-emf').result;
    expect(deep.ok && deep.notes.get('SaveDC nesting')).toBe(136);
  });

  it('counts a bitmap whose header claims more pixels than the limit instead of decoding it', () => {
    const info = new Bytes().u32(40, 100000, 100000).u16(1, 24).u32(0, 0, 0, 0, 0, 0).done();
    const r = play(buildEmf([stretchDiBits(0, 0, 10, 10, { info, bits: new Uint8Array(8) }, 100000, 100000)]), 'image/x-emf').result;
    expect(r.ok && [...r.notes.keys()].join()).toMatch(/larger than the 16000000-pixel limit/);
  });

  it('drops items that a broken world transform throws out of range', () => {
    const r = play(buildEmf([emr(35, (b) => b.f32(3e38, 0, 0, 3e38, 0, 0)), rectangle(100, 100, 600, 300), emr(35, (b) => b.f32(1, 0, 0, 1, 0, 0)), rectangle(0, 0, 10, 10)]), 'image/x-emf').result;
    if (!r.ok) throw new Error(r.reason);
    expect(r.items).toHaveLength(1);
    expect(r.notes.get('coordinates out of range')).toBe(1);
  });

  it('survives random corruption of a valid picture (never throws, always a result)', () => {
    const base = buildEmf([brush(1, 0x0000ff), select(1), rectangle(100, 100, 600, 300), extTextOutW(1, 1, 'ab'), polyline16([[0, 0], [9, 9]])]);
    const wmf = buildWmf([...[wmr(0x020c, [500, 1000])], wmr(0x0324, [3, 0, 0, 500, 0, 500, 250]), wmr(0x0521, (b) => b.u16(2).u8(65, 66).u16(0, 0))], [0, 0, 1000, 500]);
    let seed = 12345;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
    const plus = buildEmf([emfPlus([...PLUS_PATH, plusRecord(0x400a, 0x8000, (b) => b.u32(0xff0000ff, 1).f32(1, 1, 5, 5))])]);
    for (const [src, type] of [[base, 'image/x-emf'], [wmf, 'image/x-wmf'], [plus, 'image/x-emf']] as const) {
      for (let k = 0; k < 300; k++) {
        const b = src.slice(0, k % 7 === 0 ? rand(src.length) : src.length);
        for (let j = 0; j < 4; j++) if (b.length > 0) b[rand(b.length)] = rand(256);
        const r = play(b, type).result;
        expect(typeof r.ok).toBe('boolean');
      }
    }
  });
});
