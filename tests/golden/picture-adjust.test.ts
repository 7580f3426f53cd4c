/**
 * Recoloured pictures end to end: a:blip's alphaModFix, clrChange, grayscl and lum reach the PDF as
 * an ExtGState opacity, changed pixels of decoded pictures (PNG, GIF), and /Decode and /Mask on an
 * undecoded JPEG; a picture used plainly and recoloured is two image XObjects, used twice alike one.
 */
import { unzlibSync } from 'fflate';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertDocxToPdf } from '../../engine/convert';
import { encodePng } from '../../engine/image';
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

  it('greys the GIF\'s pixels by their luminance', () => {
    const gif = images.filter((i) => !i.dict.has(PDFName.of('SMask')) && i.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode') && !i.dict.has(PDFName.of('DecodeParms')) && i.dict.get(PDFName.of('ColorSpace')) === PDFName.of('DeviceRGB'));
    const samples = gif.map((g) => [...unzlibSync(g.contents)]);
    expect(samples).toContainEqual([76, 76, 76, 28, 28, 28]);
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

describe('a JPEG recoloured to grey', () => {
  it('is embedded as stored, its greying reported (no JPEG decoder)', async () => {
    const docx = makeDocx({ body: picture('rIdJpg', 1, '<a:grayscl/>'), media: { rIdJpg: { name: 'image1.jpeg', data: JPEG } } });
    const r = await convertDocxToPdf(docx, {}, host);
    expect(r.warnings.map((w) => w.code)).toContain('render/picture-adjust');
  });
});
