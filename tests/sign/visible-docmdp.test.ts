/**
 * Visible widgets (rendered with pdftoppm), certification signatures (DocMDP), field locks
 * (FieldMDP), filling an existing empty signature field, and refusals DocMDP demands.
 */
import { describe, expect, it } from 'vitest';
import { webcrypto } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { zlibSync } from 'fflate';
import { signerFromPem } from '../../engine/cms';
import type { CmsSigner } from '../../engine/cms';
import { isArray, isDict, isName, openPdf } from '../../engine/pdf';
import { crc32 } from '../../engine/core';
import type { EngineHost } from '../../engine/core';
import { docMdpLevel, listFields, signPdf } from '../../engine/sign';
import { makePdf, requireTool, run, tempDir, writeTemp } from './helpers/make-pdf';
import { makeTestPki } from './helpers/pki';
import { pdfsig, qpdfCheck } from './helpers/verify';

const host: EngineHost = { crypto: webcrypto as unknown as Crypto, now: () => new Date(Date.UTC(2025, 5, 1, 12, 0, 0)) };

async function rsaSigner(): Promise<CmsSigner> {
  const s = await signerFromPem(makeTestPki().rsa.pem, undefined, webcrypto.subtle as unknown as SubtleCrypto);
  if (!s.ok) throw new Error('signer');
  return s.value;
}

/** Renders page `page` at 72 dpi and returns a pixel reader (RGB). */
function render(pdf: Uint8Array, page: number): { w: number; h: number; at: (x: number, y: number) => [number, number, number] } {
  requireTool('pdftoppm', 'poppler-utils');
  const dir = tempDir();
  const path = writeTemp(dir, 'r.pdf', pdf);
  run('pdftoppm', ['-r', '72', '-f', String(page), '-l', String(page), path, join(dir, 'p')]);
  const file = [`p-${page}.ppm`, `p-0${page}.ppm`, `p-00${page}.ppm`].map((f) => join(dir, f)).find(existsSync)!;
  const b = readFileSync(file);
  const header = b.subarray(0, 20).toString('latin1').split(/\s+/);
  const w = Number(header[1]);
  const h = Number(header[2]);
  const start = b.length - w * h * 3;
  return { w, h, at: (x, y) => [b[start + (y * w + x) * 3]!, b[start + (y * w + x) * 3 + 1]!, b[start + (y * w + x) * 3 + 2]!] };
}

function redPng(): Uint8Array {
  const w = 8;
  const h = 8;
  const raw = new Uint8Array(h * (1 + w * 4));
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw.set([255, 0, 0, 255], y * (1 + w * 4) + 1 + x * 4);
  const chunk = (type: string, data: Uint8Array): number[] => {
    const body = Uint8Array.from([...type].map((c) => c.charCodeAt(0)).concat([...data]));
    const len = [data.length >>> 24, (data.length >> 16) & 255, (data.length >> 8) & 255, data.length & 255];
    const c = crc32(body);
    return [...len, ...body, c >>> 24, (c >> 16) & 255, (c >> 8) & 255, c & 255];
  };
  const ihdr = Uint8Array.from([0, 0, 0, w, 0, 0, 0, h, 8, 6, 0, 0, 0]);
  return Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...chunk('IHDR', ihdr), ...chunk('IDAT', zlibSync(raw)), ...chunk('IEND', new Uint8Array(0))]);
}

describe('visible signatures', () => {
  it('draws image and text inside the widget rectangle on the chosen page, nothing outside', async () => {
    const r = await signPdf(await makePdf({ pages: 2 }), { signer: await rsaSigner(), reason: 'Approved', visible: { page: 2, rect: [100, 100, 240, 80], image: redPng() } }, host);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const dir = tempDir();
    expect(pdfsig(writeTemp(dir, 'v.pdf', r.value))[0]).toMatchObject({ valid: true, total: true });
    const img = render(r.value, 2);
    // PDF y=100..180 from the bottom maps to image rows h-180..h-100 at 72 dpi.
    let red = 0;
    let dark = 0;
    for (let y = img.h - 180; y < img.h - 100; y++) {
      for (let x = 100; x < 340; x++) {
        const [cr, cg, cb] = img.at(x, y);
        if (cr > 200 && cg < 60 && cb < 60) red++;
        else if (cr < 100 && cg < 100 && cb < 100) dark++;
      }
    }
    expect(red).toBeGreaterThan(1000);
    expect(dark).toBeGreaterThan(50);
    expect(img.at(500, img.h - 50)).toEqual([255, 255, 255]);
    const page1 = render(r.value, 1);
    expect(page1.at(150, page1.h - 140)).toEqual([255, 255, 255]);
  });

  it('makes invisible signatures by default: a zero rectangle with the Print and Locked flags', async () => {
    const r = await signPdf(await makePdf(), { signer: await rsaSigner() }, host);
    if (!r.ok) throw new Error('sign');
    const doc = openPdf(r.value);
    if (!doc.ok) throw new Error('open');
    const f = listFields(doc.value)[0]!;
    expect((doc.value.resolve(f.dict.entries.get('Rect')) as { items: number[] }).items).toEqual([0, 0, 0, 0]);
    expect(f.dict.entries.get('F')).toBe(132);
  });

  it('rejects an image that is neither PNG nor JPEG', async () => {
    const r = await signPdf(await makePdf(), { signer: await rsaSigner(), visible: { page: 1, rect: [0, 0, 100, 40], image: new Uint8Array([1, 2, 3, 4]) } }, host);
    expect(r).toMatchObject({ ok: false, errors: [{ code: 'sign/unsupported-image' }] });
  });
});

describe('certification (DocMDP) and field locks (FieldMDP)', () => {
  it('certifies with P=2, then allows an approval signature that keeps both valid', async () => {
    const s = await rsaSigner();
    const certified = await signPdf(await makePdf(), { signer: s, certify: 2 }, host);
    if (!certified.ok) throw new Error('certify');
    const doc = openPdf(certified.value);
    if (!doc.ok) throw new Error('open');
    expect(docMdpLevel(doc.value)).toBe(2);
    const approved = await signPdf(certified.value, { signer: s, reason: 'approval' }, host);
    if (!approved.ok) throw new Error(JSON.stringify(approved.errors));
    const dir = tempDir();
    const path = writeTemp(dir, 'cert2.pdf', approved.value);
    expect(qpdfCheck(path).ok).toBe(true);
    const v = pdfsig(path);
    expect(v.map((x) => x.valid)).toEqual([true, true]);
  });

  it('refuses to sign a document certified with P=1 (sign/docmdp-forbids)', async () => {
    const s = await rsaSigner();
    const certified = await signPdf(await makePdf(), { signer: s, certify: 1 }, host);
    if (!certified.ok) throw new Error('certify');
    const r = await signPdf(certified.value, { signer: s }, host);
    expect(r).toMatchObject({ ok: false, errors: [{ code: 'sign/docmdp-forbids' }] });
  });

  it('refuses a certification signature after an approval signature (sign/certify-not-first)', async () => {
    const s = await rsaSigner();
    const once = await signPdf(await makePdf(), { signer: s }, host);
    if (!once.ok) throw new Error('sign');
    const r = await signPdf(once.value, { signer: s, certify: 3 }, host);
    expect(r).toMatchObject({ ok: false, errors: [{ code: 'sign/certify-not-first' }] });
  });

  it('writes a field lock on the field and a FieldMDP reference in the signature', async () => {
    const r = await signPdf(await makePdf(), { signer: await rsaSigner(), lock: { action: 'Include', fields: ['Amount'] } }, host);
    if (!r.ok) throw new Error('sign');
    const doc = openPdf(r.value);
    if (!doc.ok) throw new Error('open');
    const f = listFields(doc.value)[0]!;
    const lock = doc.value.resolveDict(f.dict.entries.get('Lock'))!;
    expect(isName(lock.entries.get('Action'), 'Include')).toBe(true);
    const sig = doc.value.resolveDict(f.dict.entries.get('V'))!;
    const ref = doc.value.resolve(sig.entries.get('Reference'));
    expect(isArray(ref) && isDict(ref.items[0]) && isName(ref.items[0].entries.get('TransformMethod'), 'FieldMDP')).toBe(true);
    expect(pdfsig(writeTemp(tempDir(), 'lock.pdf', r.value))[0]!.valid).toBe(true);
  });

  it('refuses to add to a document whose signed field carries /Lock /P 1', async () => {
    const s = await rsaSigner();
    const locked = await signPdf(await makePdf(), { signer: s, lock: { action: 'All', permission: 1 } }, host);
    if (!locked.ok) throw new Error('sign');
    const r = await signPdf(locked.value, { signer: s }, host);
    expect(r).toMatchObject({ ok: false, errors: [{ code: 'sign/field-lock-forbids' }] });
  });

  it('fills an existing empty signature field instead of adding one', async () => {
    const doc = await PDFDocument.load(await makePdf());
    const page = doc.getPage(0);
    const field = doc.context.obj({ FT: 'Sig', T: PDFString.of('Approver'), Type: 'Annot', Subtype: 'Widget', Rect: [100, 100, 300, 150], F: 4, P: page.ref });
    const fieldRef = doc.context.register(field);
    page.node.set(PDFName.of('Annots'), doc.context.obj([fieldRef]));
    doc.catalog.set(PDFName.of('AcroForm'), doc.context.obj({ Fields: [fieldRef] }));
    const input = await doc.save({ useObjectStreams: false });
    const r = await signPdf(input, { signer: await rsaSigner(), fieldName: 'Approver' }, host);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const back = openPdf(r.value);
    if (!back.ok) throw new Error('open');
    const fields = listFields(back.value);
    expect(fields.map((f) => [f.name, f.isSigned])).toEqual([['Approver', true]]);
    expect(pdfsig(writeTemp(tempDir(), 'fill.pdf', r.value))[0]).toMatchObject({ valid: true, total: true });
    const again = await signPdf(r.value, { signer: await rsaSigner(), fieldName: 'Approver' }, host);
    expect(again).toMatchObject({ ok: false, errors: [{ code: 'sign/field-already-signed' }] });
  });
});

const CERTIFIED = '/work/shared/corpus/pdf-sign/dev/dss--dss-2554--certified-no-change-permitted.pdf';
if (existsSync(CERTIFIED)) {
  describe('shared corpus certified document', () => {
    it('refuses to sign the DSS sample certified with "no changes permitted"', async () => {
      const r = await signPdf(new Uint8Array(readFileSync(CERTIFIED)), { signer: await rsaSigner() }, host);
      expect(r).toMatchObject({ ok: false, errors: [{ code: 'sign/docmdp-forbids' }] });
    });
  });
} else {
  console.warn(`[sign tests] ${CERTIFIED} is absent: the corpus DocMDP refusal test was not run.`);
}
