/**
 * GIF, BMP and TIFF pictures end to end: a DOCX holding one of each converts to a PDF whose image
 * XObjects carry the decoded pixels (Flate samples, Indexed palettes, soft masks for transparency),
 * with no render/unsupported-image warning; checked with pdf-lib, and with qpdf --json when installed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzlibSync } from 'fflate';
import { PDFDocument, PDFName, PDFNumber, PDFRawStream, type PDFDict } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertDocxToPdf } from '../../engine/convert';
import { initKernel } from '../../engine/layout';
import { makeBmp, makeGif, makeTiff, tiffBasics } from '../../engine/image/test-util';
import { createNodeHost } from '../../node/host';
import { makeDocx } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const picture = (rel: string, id: number) =>
  `<w:p><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="635000" cy="635000"/><wp:docPr id="${id}" name="Picture ${id}"/>` +
  '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
  `<pic:pic><pic:nvPicPr><pic:cNvPr id="${id}" name="p${id}"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="${rel}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
  '<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="635000" cy="635000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>' +
  '</a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>';

// A 2×2 GIF with a transparent pixel, a 2×1 24-bit BMP, a 2×1 RGB TIFF: each with known pixels.
const GIF = makeGif({ width: 2, height: 2, palette: [255, 0, 0, 0, 0, 255], indices: [0, 1, 1, 0], transparent: 1 });
const BMP = makeBmp({ width: 2, height: 1, bpp: 24, bits: [0, 0, 255, 255, 0, 0, 0, 0] }); // BGR: red, blue
const TIFF = makeTiff({ entries: tiffBasics(2, 1, { spp: 3, photometric: 2 }), strips: [Uint8Array.from([10, 20, 30, 40, 50, 60])] });

const DOCX = makeDocx({
  body: picture('rIdGif', 1) + picture('rIdBmp', 2) + picture('rIdTif', 3),
  media: { rIdGif: { name: 'image1.gif', data: GIF }, rIdBmp: { name: 'image2.bmp', data: BMP }, rIdTif: { name: 'image3.tiff', data: TIFF } },
});

interface ImageXObject {
  readonly width: number;
  readonly height: number;
  readonly dict: PDFDict;
  readonly samples: Uint8Array;
}

async function imagesOf(pdf: Uint8Array): Promise<ImageXObject[]> {
  const doc = await PDFDocument.load(pdf);
  const out: ImageXObject[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream) || obj.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const num = (k: string) => (obj.dict.get(PDFName.of(k)) as PDFNumber).asNumber();
    out.push({ width: num('Width'), height: num('Height'), dict: obj.dict, samples: unzlibSync(obj.contents) });
  }
  return out;
}

let converted: { pdf: Uint8Array; codes: string[] };

beforeAll(async () => {
  await initKernel();
  const r = await convertDocxToPdf(DOCX, {}, host);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  converted = { pdf: r.value.pdf, codes: r.warnings.map((w) => w.code) };
});

describe('GIF, BMP and TIFF pictures in a PDF', () => {
  it('converts without image warnings', () => {
    expect(converted.codes.filter((c) => c.startsWith('render/'))).toEqual([]);
  });

  it('embeds each picture as an image XObject with its decoded pixels', async () => {
    const images = await imagesOf(converted.pdf);
    const withMask = images.filter((i) => i.dict.has(PDFName.of('SMask')));
    // The GIF: Indexed over its palette, samples are indices, the transparent index becomes a soft mask.
    expect(withMask).toHaveLength(1);
    const gif = withMask[0]!;
    expect([gif.width, gif.height]).toEqual([2, 2]);
    expect(String(gif.dict.get(PDFName.of('ColorSpace')))).toMatch(/^\[ ?\/Indexed \/DeviceRGB 255 <ff00000000ff/i);
    expect([...gif.samples]).toEqual([0, 1, 1, 0]);
    const maskStream = gif.dict.context.lookup(gif.dict.get(PDFName.of('SMask'))) as PDFRawStream;
    const mask = images.find((i) => i.dict === maskStream.dict);
    expect(mask && [...mask.samples]).toEqual([255, 0, 0, 255]);
    // The BMP and the TIFF: DeviceRGB samples, exactly as stored (the BMP's BGR reordered).
    const rgb = images.filter((i) => i.dict.get(PDFName.of('ColorSpace')) === PDFName.of('DeviceRGB')).map((i) => [...i.samples]);
    expect(rgb).toEqual(expect.arrayContaining([[255, 0, 0, 0, 0, 255], [10, 20, 30, 40, 50, 60]]));
    expect(rgb).toHaveLength(2);
  });

  it('passes qpdf --check and lists three pictures and a mask in qpdf --json (when qpdf is installed)', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'colophon-raster-')), 'raster.pdf');
    writeFileSync(file, converted.pdf);
    let json: string;
    try {
      execFileSync('qpdf', ['--check', file], { encoding: 'utf8' });
      json = execFileSync('qpdf', ['--json', '--json-key=pages', file], { encoding: 'utf8' });
    } catch (e) {
      if ((e as { code?: string }).code === 'ENOENT') return;
      throw e;
    }
    const pages = (JSON.parse(json) as { pages: Array<{ images: Array<{ width: number; height: number; colorspace: string }> }> }).pages;
    const pictures = pages.flatMap((p) => p.images).map((i) => `${i.width}x${i.height}`);
    expect(pictures.sort()).toEqual(['2x1', '2x1', '2x2']);
  });
});
