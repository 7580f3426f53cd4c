/**
 * Recoloured pictures end to end: a:blip's alphaModFix, clrChange, grayscl and lum reach the PDF as
 * an ExtGState opacity, changed pixels of decoded pictures (PNG, GIF, a JPEG recoloured to grey or
 * two tones), and /Decode and /Mask on an undecoded JPEG; a picture used plainly and recoloured is two image XObjects, used twice alike one.
 */
import { unzlibSync } from 'fflate';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertDocxToPdf } from '../../engine/convert';
import { encodePng } from '../../engine/image';
import { JPEG_FIXTURES } from '../../engine/image/jpeg-fixtures';
import { makeGif } from '../../engine/image/test-util';
import { initKernel } from '../../engine/layout';
import { createNodeHost } from '../../node/host';
import { makeDocx } from '../helpers/make-docx';
import { buildEmf } from '../helpers/make-metafile';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const picture = (rel: string, id: number, effects = '') =>
  `<w:p><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="635000" cy="635000"/><wp:docPr id="${id}" name="Picture ${id}"/>` +
  '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
  `<pic:pic><pic:nvPicPr><pic:cNvPr id="${id}" name="p${id}"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="${rel}">${effects}</a:blip><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
  '<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="635000" cy="635000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>' +
  '</a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>';

const KEY_RED = '<a:clrChange><a:clrFrom><a:srgbClr val="FF0000"/></a:clrFrom><a:clrTo><a:srgbClr val="FF0000"><a:alpha val="0"/></a:srgbClr></a:clrTo></a:clrChange>';
// Red and mid grey; a GIF of red and blue; a JPEG's frame header only (it is embedded undecoded).
const PNG = encodePng(2, 1, Uint8Array.from([255, 0, 0, 255, 128, 128, 128, 255]), false);
const GIF = makeGif({ width: 2, height: 1, palette: [255, 0, 0, 0, 0, 255], indices: [0, 1] });
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0, 1, 0, 2, 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1, 0xff, 0xd9]);

const DOCX = makeDocx({
  body:
    picture('rIdPng', 1) + picture('rIdPng', 2, KEY_RED) + picture('rIdPng', 3, KEY_RED) + picture('rIdPng', 4, '<a:alphaModFix amt="50000"/>') +
    picture('rIdGif', 5, '<a:grayscl/>') + picture('rIdJpg', 6, `<a:lum bright="70000" contrast="-70000"/>${KEY_RED}`),
  media: { rIdPng: { name: 'image1.png', data: PNG }, rIdGif: { name: 'image2.gif', data: GIF }, rIdJpg: { name: 'image3.jpeg', data: JPEG } },
});

interface ImageXObject {
  readonly dict: PDFDict;
  readonly contents: Uint8Array;
}

let images: ImageXObject[];
let doc: PDFDocument;
let codes: string[];

beforeAll(async () => {
  await initKernel();
  const r = await convertDocxToPdf(DOCX, {}, host);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  codes = r.warnings.map((w) => w.code);
  doc = await PDFDocument.load(r.value.pdf);
  images = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (obj instanceof PDFRawStream && obj.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) images.push({ dict: obj.dict, contents: obj.contents });
  }
});

const smaskOf = (img: ImageXObject) => images.find((i) => i.dict === (doc.context.lookup(img.dict.get(PDFName.of('SMask'))) as PDFRawStream | undefined)?.dict);
const numbers = (v: unknown) => (v instanceof PDFArray ? v.asArray().map((n) => (n as PDFNumber).asNumber()) : undefined);

describe('recoloured pictures in a PDF', () => {
  it('embeds the plain PNG once for its plain and translucent uses, and its keyed copy once for both keyed uses', () => {
    // Plain PNG (copied through), keyed PNG + its soft mask, grey GIF, JPEG.
    expect(images).toHaveLength(5);
    expect(images.filter((i) => i.dict.has(PDFName.of('DecodeParms')))).toHaveLength(1);
  });

  it('makes the clrChange colour transparent in the soft mask, colours kept', () => {
    const keyed = images.find((i) => i.dict.has(PDFName.of('SMask')))!;
    expect([...unzlibSync(keyed.contents)]).toEqual([255, 0, 0, 128, 128, 128]);
    expect([...unzlibSync(smaskOf(keyed)!.contents)]).toEqual([0, 255]);
  });

  it('greys the GIF\'s pixels by their luminance, embedded as one grey channel', () => {
    const gif = images.filter((i) => !i.dict.has(PDFName.of('SMask')) && i.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode') && i.dict.get(PDFName.of('ColorSpace')) === PDFName.of('DeviceGray'));
    const samples = gif.map((g) => [...unzlibSync(g.contents)]);
    expect(samples).toContainEqual([76, 28]);
  });

  it('draws alphaModFix as the picture\'s fill opacity (ExtGState /ca)', () => {
    const states = doc.getPages()[0]!.node.Resources()!.lookup(PDFName.of('ExtGState'), PDFDict);
    const alphas = states.entries().map(([, v]) => (doc.context.lookup(v, PDFDict).get(PDFName.of('ca')) as PDFNumber | undefined)?.asNumber());
    expect(alphas).toContain(0.5);
  });

  it('puts a JPEG\'s brightness and contrast in /Decode and its transparent colour in a /Mask range', () => {
    const jpeg = images.find((i) => i.dict.get(PDFName.of('Filter')) === PDFName.of('DCTDecode'))!;
    const decode = numbers(jpeg.dict.get(PDFName.of('Decode')))!;
    // Washout: black to a light grey (levelsMap(0.7, −0.7)[0] / 255), white past 1 (clipped to white).
    expect(decode[0]).toBeCloseTo(0.8, 1);
    expect(decode[1]).toBeGreaterThan(1);
    expect(decode).toHaveLength(6);
    expect(numbers(jpeg.dict.get(PDFName.of('Mask')))).toEqual([247, 255, 0, 8, 0, 8]);
    expect(codes).not.toContain('render/picture-adjust');
  });
});

describe('a recoloured metafile', () => {
  it('is drawn as vectors, its recolouring reported', async () => {
    const docx = makeDocx({ body: picture('rIdEmf', 1, '<a:grayscl/>'), media: { rIdEmf: { name: 'image1.emf', data: buildEmf([]) } } });
    const r = await convertDocxToPdf(docx, {}, host);
    expect(r.warnings.filter((w) => w.code === 'layout/picture-effect').map((w) => w.message)).toEqual([expect.stringMatching(/recolouring .* metafile/)]);
  });
});

describe('a JPEG recoloured past what /Decode and /Mask draw', () => {
  const photo = new Uint8Array(Buffer.from(JPEG_FIXTURES.b420!.jpeg, 'base64'));
  const cmyk = new Uint8Array(Buffer.from(JPEG_FIXTURES.cmyk!.jpeg, 'base64'));
  /** The PIL-decoded pixels of a fixture, as RGB triples. */
  const pilPixels = (name: string) => [...Buffer.from(JPEG_FIXTURES[name]!.pixels, 'base64')];

  async function imagesOf(effects: string, data: Uint8Array): Promise<{ images: ImageXObject[]; codes: string[] }> {
    const docx = makeDocx({ body: picture('rIdJpg', 1, effects), media: { rIdJpg: { name: 'image1.jpeg', data } } });
    const r = await convertDocxToPdf(docx, {}, host);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const pdf = await PDFDocument.load(r.value.pdf);
    const out: ImageXObject[] = [];
    for (const [, obj] of pdf.context.enumerateIndirectObjects()) {
      if (obj instanceof PDFRawStream && obj.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) out.push({ dict: obj.dict, contents: obj.contents });
    }
    return { images: out, codes: r.warnings.map((w) => w.code) };
  }

  /** Largest difference between two sample lists of the same length. */
  const maxDiff = (a: number[], b: number[]) => {
    expect(a).toHaveLength(b.length);
    return a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i]!)), 0);
  };

  it('greys a photo: decoded, its luminance embedded as one Flate grey channel', async () => {
    const { images: [img, ...rest], codes: warned } = await imagesOf('<a:grayscl/>', photo);
    expect(rest).toEqual([]);
    expect(warned).not.toContain('render/picture-adjust');
    expect(img!.dict.get(PDFName.of('Filter'))).toBe(PDFName.of('FlateDecode'));
    expect(img!.dict.get(PDFName.of('ColorSpace'))).toBe(PDFName.of('DeviceGray'));
    const rgb = pilPixels('b420');
    const luma = Array.from({ length: rgb.length / 3 }, (_, i) => (77 * rgb[3 * i]! + 150 * rgb[3 * i + 1]! + 29 * rgb[3 * i + 2]!) >> 8);
    expect(maxDiff([...unzlibSync(img!.contents)], luma)).toBeLessThanOrEqual(2);
  });

  it('draws a duotone from dark to light colour by luminance, as RGB', async () => {
    const duo = '<a:duotone><a:srgbClr val="000080"/><a:srgbClr val="FFFF00"/></a:duotone>';
    const { images: [img], codes: warned } = await imagesOf(duo, photo);
    expect(warned).not.toContain('render/picture-adjust');
    expect(img!.dict.get(PDFName.of('ColorSpace'))).toBe(PDFName.of('DeviceRGB'));
    const rgb = pilPixels('b420');
    const want = Array.from({ length: rgb.length }, (_, i) => {
      const p = i - (i % 3);
      const l = (77 * rgb[p]! + 150 * rgb[p + 1]! + 29 * rgb[p + 2]!) >> 8;
      const [dark, light] = [[0, 0, 128], [255, 255, 0]].map((c) => c[i % 3]!);
      return Math.round(dark! + ((light! - dark!) * l) / 255);
    });
    expect(maxDiff([...unzlibSync(img!.contents)], want)).toBeLessThanOrEqual(3);
  });

  it('turns a CMYK photo\'s brightness into decoded RGB pixels (no /Decode for inverted CMYK)', async () => {
    const { images: [img], codes: warned } = await imagesOf('<a:lum bright="20000"/>', cmyk);
    expect(warned).not.toContain('render/picture-adjust');
    expect(img!.dict.get(PDFName.of('ColorSpace'))).toBe(PDFName.of('DeviceRGB'));
    expect(img!.dict.has(PDFName.of('Decode'))).toBe(false);
    const { levelsMap } = await import('../../engine/image');
    const map = levelsMap(0.2, 0);
    expect(maxDiff([...unzlibSync(img!.contents)], pilPixels('cmyk').map((v) => map[v]!))).toBeLessThanOrEqual(3);
  });

  it('keeps an unadjusted JPEG and one with brightness only as its own DCT bytes', async () => {
    for (const effects of ['', '<a:lum bright="20000" contrast="10000"/>']) {
      const { images: [img] } = await imagesOf(effects, photo);
      expect(img!.dict.get(PDFName.of('Filter'))).toBe(PDFName.of('DCTDecode'));
      expect(Buffer.from(img!.contents).equals(Buffer.from(photo))).toBe(true);
    }
  });

  it('embeds a JPEG it cannot decode as stored, its greying reported', async () => {
    const { images: [img], codes: warned } = await imagesOf('<a:grayscl/>', JPEG);
    expect(img!.dict.get(PDFName.of('Filter'))).toBe(PDFName.of('DCTDecode'));
    expect(warned).toEqual(expect.arrayContaining(['render/bad-image', 'render/picture-adjust']));
  });
});
