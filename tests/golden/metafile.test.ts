/**
 * EMF and WMF pictures end to end: a DOCX with a metafile picture is laid out into vector items
 * clipped to the picture's box (paths, real text, embedded bitmaps as images), converted to PDF
 * without the unsupported-image warning, and its text is searchable (pdftotext, when installed).
 * The LayoutDoc dumps are golden files (UPDATE_GOLDEN=1 rewrites them).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertDocxToPdf } from '../../engine/convert';
import { dumpLayout, initKernel } from '../../engine/layout';
import type { LayoutDoc, LayoutItem } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { makeDocx, WORD_DEFAULT_STYLES } from '../helpers/make-docx';
import { buildEmf, buildWmf, Bytes, dib24, emr, wmr } from '../helpers/make-metafile';
import { inlinePicture } from '../helpers/tiny-png';
import { flatItems, layoutDocx } from '../helpers/layout-docx';

const here = dirname(fileURLToPath(import.meta.url));
const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

/** A 100 × 50 mm EMF: a red rectangle with a blue pen, "Metafile" in Arial, and a 2 × 1 bitmap. */
function sampleEmf(): Uint8Array {
  const face = new Uint8Array(64);
  'Arial'.split('').forEach((c, i) => (face[2 * i] = c.charCodeAt(0)));
  const text = 'Metafile';
  const dib = dib24([[0x00ff00, 0x0000ff]]);
  return buildEmf([
    emr(39, (b) => b.u32(1, 0, 0x0000ff, 0)),
    emr(37, (b) => b.u32(1)),
    emr(38, (b) => b.u32(2, 0, 5, 0, 0xff0000)),
    emr(37, (b) => b.u32(2)),
    emr(43, (b) => b.u32(50, 50, 450, 250)),
    emr(82, (b) => b.u32(3, -60, 0, 0, 0, 700).u8(0, 0, 0, 0, 0, 0, 0, 0).bytes(face)),
    emr(37, (b) => b.u32(3)),
    emr(18, (b) => b.u32(1)),
    emr(24, (b) => b.u32(0x000000)),
    emr(84, (b) => b.u32(0, 0, 0, 0, 1).f32(1, 1).u32(500, 300, text.length, 76, 0, 0, 0, 0, 0, 0).utf16(text)),
    emr(81, (b) => b.u32(0, 0, 0, 0, 600, 50, 0, 0, 2, 1, 80, dib.info.length, 80 + dib.info.length, dib.bits.length, 0, 0xcc0020, 300, 150).bytes(dib.info).bytes(dib.bits)),
  ]);
}

/** A placeable WMF, 1000 × 500 units: a green triangle and "Vector" in Times New Roman. */
function sampleWmf(): Uint8Array {
  const face = Array.from('Times New Roman', (c) => c.charCodeAt(0));
  return buildWmf(
    [
      wmr(0x020b, [0, 0]),
      wmr(0x020c, [500, 1000]),
      wmr(0x02fc, (b) => b.u16(0).u32(0x00aa00).u16(0)),
      wmr(0x012d, [0]),
      wmr(0x0324, [3, 0, 500, 500, 0, 1000, 500]),
      wmr(0x02fb, (b) => b.u16(-80 & 0xffff, 0, 0, 0, 400).u8(0, 0, 0, 0, 0, 0, 0, 0).u8(...face, 0)),
      wmr(0x012d, [1]),
      wmr(0x0102, [1]),
      wmr(0x0521, (b) => b.u16(6).u8(...Array.from('Vector', (c) => c.charCodeAt(0))).u16(200, 100)),
    ],
    [0, 0, 1000, 500],
  );
}

function docxWith(name: string, data: Uint8Array): Uint8Array {
  return makeDocx({
    styles: WORD_DEFAULT_STYLES,
    body: `<w:p><w:r><w:t>Before the picture.</w:t></w:r></w:p><w:p>${inlinePicture('rIdPic', 200, 100)}</w:p>`,
    media: { rIdPic: { name, data } },
  });
}

function layout(bytes: Uint8Array): Promise<{ doc: LayoutDoc; codes: string[] }> {
  return layoutDocx(bytes, 'metafile.docx', host);
}

const flat = flatItems;

/** The picture's group: the one clipped to a 200 × 100 pt box. */
function pictureGroup(doc: LayoutDoc): Extract<LayoutItem, { kind: 'group' }> {
  const g = findGroup(doc.pages[0]!.items);
  if (!g) throw new Error('no picture group');
  return g;
}

function findGroup(items: readonly LayoutItem[]): Extract<LayoutItem, { kind: 'group' }> | undefined {
  for (const i of items) {
    if (i.kind !== 'group') continue;
    if (i.clip && Math.abs(i.clip.w - 200) < 0.01 && Math.abs(i.clip.h - 100) < 0.01) return i;
    const inner = findGroup(i.items);
    if (inner) return inner;
  }
  return undefined;
}

function golden(name: string, doc: LayoutDoc): void {
  const dump = dumpLayout(doc);
  const file = join(here, 'dumps', `${name}.txt`);
  if (process.env.UPDATE_GOLDEN || !existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, dump);
  }
  expect(dump).toBe(readFileSync(file, 'utf8'));
}

async function pdfOf(bytes: Uint8Array): Promise<{ text: string | undefined; codes: string[] }> {
  const r = await convertDocxToPdf(bytes, {}, host);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  const file = join(mkdtempSync(join(tmpdir(), 'colophon-metafile-')), 'out.pdf');
  writeFileSync(file, r.value.pdf);
  let text: string | undefined;
  try {
    text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  } catch {
    text = undefined;
  }
  return { text, codes: r.warnings.map((w) => w.code) };
}

beforeAll(async () => {
  await initKernel();
});

describe('EMF pictures drawn as vectors', () => {
  it('draws the rectangle, the text and the bitmap inside the picture box', async () => {
    const { doc, codes } = await layout(docxWith('pic.emf', sampleEmf()));
    expect(codes.filter((c) => c.includes('metafile') || c.includes('image'))).toEqual([]);
    const g = pictureGroup(doc);
    const box = g.clip!;
    const items = flat(g.items);
    const rect = items.find((i) => i.kind === 'path' && i.fill === 'FF0000');
    if (rect?.kind !== 'path') throw new Error('no red rectangle');
    // 1000 × 500 device pixels in 200 × 100 pt: the rectangle 50..450 × 50..250 is 10..90 × 10..50 pt into the box.
    const pts = rect.commands.flatMap((c) => (c.op === 'Z' ? [] : [[c.x - box.x, c.y - box.y].map((v) => Math.round(v * 100) / 100)]));
    expect(pts).toEqual([[10, 10], [90, 10], [90, 50], [10, 50]]);
    expect(rect.stroke).toBe('0000FF');
    const run = items.find((i) => i.kind === 'glyphs');
    if (run?.kind !== 'glyphs') throw new Error('no text');
    expect(run.text).toBe('Metafile');
    // lfHeight −60 logical units at 0.2 pt each is a 12 pt em; the reference point is the top-left.
    expect(run.sizePt).toBeCloseTo(12);
    expect(run.x - box.x).toBeCloseTo(100);
    expect(run.y - box.y).toBeGreaterThan(60);
    const img = items.find((i) => i.kind === 'image');
    expect(img).toMatchObject({ kind: 'image', x: box.x + 120, y: box.y + 10, w: 60, h: 30 });
    expect(doc.images.some((i) => i.contentType === 'image/png')).toBe(true);
    golden('metafile-emf', doc);
  });

  it('converts to PDF without the unsupported-image warning, with the picture text searchable', async () => {
    const { text, codes } = await pdfOf(docxWith('pic.emf', sampleEmf()));
    expect(codes).not.toContain('render/unsupported-image');
    if (text !== undefined) expect(text).toContain('Metafile');
  });

  it('widens the frame by the crop (a:srcRect) and turns the clipped picture by a:xfrm rot', async () => {
    const xml = (extra: string, rot = '') =>
      inlinePicture('rIdPic', 200, 100).replace('<a:stretch>', `${extra}<a:stretch>`).replace('<a:xfrm>', `<a:xfrm${rot}>`);
    const docx = (body: string) => makeDocx({ body: `<w:p>${body}</w:p>`, media: { rIdPic: { name: 'pic.emf', data: sampleEmf() } } });
    const cropped = await layout(docx(xml('<a:srcRect l="25000"/>')));
    const g = pictureGroup(cropped.doc);
    const red = flat(g.items).find((i) => i.kind === 'path' && i.fill === 'FF0000');
    if (red?.kind !== 'path') throw new Error('no red rectangle');
    // The whole frame is 200 / 0.75 pt wide and starts a quarter of it left of the box.
    const first = red.commands[0]!;
    if (first.op === 'Z') throw new Error('bad path');
    expect(first.x - g.clip!.x).toBeCloseTo(-66.667 + 50 * (266.667 / 1000), 2);
    const turned = await layout(docx(xml('', ' rot="5400000"')));
    const outer = turned.doc.pages[0]!.items.find((i) => i.kind === 'group' && i.transform);
    if (outer?.kind !== 'group') throw new Error('no turned group');
    expect(outer.transform!.slice(0, 4).map((v) => Math.round(v))).toEqual([0, 1, -1, 0]);
    expect(findGroup(outer.items)).toBeDefined();
  });

  it('draws a shape\'s stretched metafile picture fill (a:blipFill) under its outline', async () => {
    const wsp =
      '<wps:wsp><wps:cNvSpPr/><wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="2540000" cy="1270000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom>' +
      '<a:blipFill><a:blip r:embed="rIdPic"/><a:stretch><a:fillRect/></a:stretch></a:blipFill><a:ln w="12700"><a:solidFill><a:srgbClr val="000000"/></a:solidFill></a:ln></wps:spPr><wps:bodyPr/></wps:wsp>';
    const body =
      '<w:p><w:r><w:drawing><wp:inline><wp:extent cx="2540000" cy="1270000"/><wp:docPr id="1" name="Shape 1"/>' +
      `<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape">${wsp}</a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
    const { doc } = await layout(makeDocx({ body, media: { rIdPic: { name: 'fill.emf', data: sampleEmf() } } }));
    const top = flat(doc.pages[0]!.items);
    const g = pictureGroup(doc);
    expect(flat(g.items).some((i) => i.kind === 'path' && i.fill === 'FF0000')).toBe(true);
    const outline = top.filter((i) => i.kind === 'path' && i.stroke === '000000');
    expect(outline.length).toBeGreaterThan(0);
    expect(outline.every((i) => i.kind === 'path' && i.fill === undefined)).toBe(true);
    // The outline comes after (on top of) the picture.
    expect(top.indexOf(outline[0]!)).toBeGreaterThan(top.findIndex((i) => i.kind === 'path' && i.fill === 'FF0000'));
  });

  it('turns text with a rotating world transform', async () => {
    const face = new Uint8Array(64);
    'Arial'.split('').forEach((c, i) => (face[2 * i] = c.charCodeAt(0)));
    const emf = buildEmf([
      emr(35, (b) => b.f32(0, 1, -1, 0, 500, 100)),
      emr(82, (b) => b.u32(3, -60, 0, 0, 0, 400).u8(0, 0, 0, 0, 0, 0, 0, 0).bytes(face)),
      emr(37, (b) => b.u32(3)),
      emr(18, (b) => b.u32(1)),
      emr(84, (b) => b.u32(0, 0, 0, 0, 1).f32(1, 1).u32(0, 0, 4, 76, 0, 0, 0, 0, 0, 0).utf16('Axis')),
    ]);
    const { doc } = await layout(docxWith('pic.emf', emf));
    const group = pictureGroup(doc).items.find((i) => i.kind === 'group' && i.transform);
    if (group?.kind !== 'group') throw new Error('no turned text');
    expect(group.transform!.slice(0, 4).map((v) => Math.round(v))).toEqual([0, 1, -1, 0]);
    expect(flat(group.items).find((i) => i.kind === 'glyphs')).toMatchObject({ text: 'Axis' });
  });

  it('scales EMF+ DrawString text with the world transform, as GDI+ does, whatever the font unit', async () => {
    // An EMF+-only picture at 72 dpi in points: a 12 pt Arial font object, then "Scaled" drawn under a
    // world scale of 0.5 (how chart generators fit their drawing to the frame) and "Plain" without.
    const plus = (type: number, flags: number, data: (b: Bytes) => Bytes): Uint8Array => {
      const body = data(new Bytes()).pad(4).done();
      return new Bytes().u16(type, flags).u32(12 + body.length, body.length).bytes(body).done();
    };
    const text = (s: string, y: number) => plus(0x401c, 0x8000 | 1, (b) => b.u32(0xff000000, 0, s.length).f32(10, y, 0, 0).utf16(s));
    const records = [
      plus(0x4001, 0, (b) => b.u32(0xdbc01002, 1, 72, 72)),
      plus(0x4030, 3, (b) => b.f32(1)),
      plus(0x4008, 0x600 | 1, (b) => b.u32(0xdbc01002).f32(12).u32(3, 0, 0, 5).utf16('Arial')),
      text('Plain', 20),
      plus(0x4025, 0, (b) => b.u32(1)),
      plus(0x402e, 0, (b) => b.f32(0.5, 0.5)),
      text('Scaled', 120),
      plus(0x4026, 0, (b) => b.u32(1)),
    ];
    const n = records.reduce((a, r) => a + r.length, 0);
    const emf = buildEmf([emr(70, (b) => { b.u32(4 + n, 0x2b464d45); for (const r of records) b.bytes(r); return b; })]);
    const { doc } = await layout(docxWith('pic.emf', emf));
    const runs = flat(pictureGroup(doc).items).filter((i) => i.kind === 'glyphs');
    const plain = runs.find((r) => r.kind === 'glyphs' && r.text === 'Plain');
    const scaled = runs.find((r) => r.kind === 'glyphs' && r.text === 'Scaled');
    if (plain?.kind !== 'glyphs' || scaled?.kind !== 'glyphs') throw new Error('text not drawn');
    expect(scaled.sizePt / plain.sizePt).toBeCloseTo(0.5, 3);
  });

  it('keeps the empty frame and warns when the EMF cannot be read', async () => {
    const broken = sampleEmf().slice(0, 100);
    const { doc, codes } = await layout(docxWith('pic.emf', broken));
    expect(codes).toContain('layout/bad-metafile');
    expect(flat(doc.pages[0]!.items).some((i) => i.kind === 'image')).toBe(true);
  });
});

describe('WMF pictures drawn as vectors', () => {
  it('draws the polygon and the text in the picture box', async () => {
    const { doc, codes } = await layout(docxWith('pic.wmf', sampleWmf()));
    expect(codes.filter((c) => c.includes('metafile'))).toEqual([]);
    const g = pictureGroup(doc);
    const items = flat(g.items);
    const tri = items.find((i) => i.kind === 'path' && i.fill === '00AA00');
    expect(tri).toBeDefined();
    const run = items.find((i) => i.kind === 'glyphs');
    expect(run?.kind === 'glyphs' && run.text).toBe('Vector');
    golden('metafile-wmf', doc);
    const { text, codes: pdfCodes } = await pdfOf(docxWith('pic.wmf', sampleWmf()));
    expect(pdfCodes).not.toContain('render/unsupported-image');
    if (text !== undefined) expect(text).toContain('Vector');
  });
});
