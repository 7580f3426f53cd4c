/**
 * Changes made after signing, written as real incremental updates (engine/pdf), judged rule by rule
 * against DocMDP / FieldMDP, and the attack classes: incremental saving, signature dictionary
 * spoofing, shadow hide (xref redirection) and replace (appearance without value), signature
 * wrapping and universal signature forgery.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { zlibSync } from 'fflate';
import type { CmsSigner } from '../../engine/cms';
import type { PdfDict, PdfDocument } from '../../engine/pdf';
import { copyDict, isArray, isRef, listPages, pdfArray, pdfDict, pdfName, pdfRef, pdfStream, pdfText } from '../../engine/pdf';
import { listFields, signPdf } from '../../engine/sign';
import type { SignPdfOptions } from '../../engine/sign';
import { verifyPdf } from '../../engine/verify';
import type { VerificationReport } from '../../engine/verify';
import { makeTestPki } from '../sign/helpers/pki';
import { host, open, patch, signerOf, update } from './helpers';

let signer: CmsSigner;
let anchor: string;
beforeAll(async () => {
  const pki = makeTestPki();
  signer = await signerOf(pki.rsa);
  anchor = pki.caCertPem;
});

/** A two-page PDF with a text field 'Amount' (pdf-lib only makes the input). */
async function formPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < 2; i++) doc.addPage([595, 842]).drawText(`Page ${i + 1}: the signed text`, { x: 72, y: 760, size: 14, font });
  const field = doc.getForm().createTextField('Amount');
  field.setText('100');
  field.addToPage(doc.getPage(0), { x: 72, y: 600, width: 200, height: 24 });
  return doc.save({ useObjectStreams: false });
}

async function sign(pdf: Uint8Array, options: Omit<SignPdfOptions, 'signer'> = {}): Promise<Uint8Array> {
  const r = await signPdf(pdf, { signer, ...options }, host);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

async function verify(bytes: Uint8Array): Promise<VerificationReport> {
  const r = await verifyPdf(bytes, { trustAnchors: [anchor] }, host);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

function field(doc: PdfDocument, name: string): { num: number; dict: PdfDict } {
  const f = listFields(doc).find((x) => x.name === name)!;
  return { num: f.ref.num, dict: f.dict };
}

/** Fills 'Amount' the way a viewer does: new /V and a new appearance stream. */
function fillAmount(bytes: Uint8Array, value: string, withValue = true): Uint8Array {
  const doc = open(bytes);
  const f = field(doc, 'Amount');
  const ap = doc.size;
  const d = copyDict(f.dict);
  if (withValue) d.entries.set('V', pdfText(value));
  d.entries.set('AP', pdfDict({ N: pdfRef(ap) }));
  const stream = pdfStream(pdfDict({ Type: pdfName('XObject'), Subtype: pdfName('Form'), BBox: pdfArray([0, 0, 200, 24]) }), new TextEncoder().encode(`/Tx BMC BT /Helv 12 Tf 2 6 Td (${value}) Tj ET EMC`));
  return update(bytes, [{ num: f.num, gen: 0, value: d }, { num: ap, gen: 0, value: stream }]).bytes;
}

function addAnnotation(bytes: Uint8Array): Uint8Array {
  const doc = open(bytes);
  const page = listPages(doc)[1]!;
  const num = doc.size;
  const p = copyDict(page.dict);
  const annots = doc.resolve(p.entries.get('Annots'));
  p.entries.set('Annots', pdfArray([...(isArray(annots) ? annots.items : []), pdfRef(num)]));
  const note = pdfDict({ Type: pdfName('Annot'), Subtype: pdfName('Text'), Rect: pdfArray([10, 10, 30, 30]), Contents: pdfText('a comment') });
  return update(bytes, [{ num: page.ref.num, gen: 0, value: p }, { num, gen: 0, value: note }]).bytes;
}

const only = (r: VerificationReport): VerificationReport['signatures'][number] => r.signatures[0]!;

describe('permitted changes', () => {
  it('form filling after an approval signature is permitted and named', async () => {
    const r = await verify(fillAmount(await sign(await formPdf()), '250'));
    expect(r).toMatchObject({ valid: true, document: { verdict: 'valid-with-permitted-changes' } });
    expect(only(r)).toMatchObject({ indication: 'TOTAL_PASSED', facets: { coverage: 'entire-revision', modification: 'form-filling' }, modifications: { allowed: true } });
    expect(only(r).modifications.changes.map((c) => c.description)).toContain("field 'Amount' filled in");
  });

  it('a second signature is permitted by DocMDP P=2; annotations need P=3', async () => {
    const certified = await sign(await formPdf(), { certify: 2 });
    const twice = await verify(await sign(certified));
    expect(twice.document.verdict).toBe('valid-with-permitted-changes');
    expect(twice.signatures.map((s) => s.kind)).toEqual(['certification', 'approval']);
    const annotated = await verify(addAnnotation(certified));
    expect(annotated).toMatchObject({ valid: false, document: { verdict: 'modified-after-signing' } });
    expect(only(annotated).modifications).toMatchObject({ level: 'annotations', allowed: false, docMdp: 2 });
    const p3 = await verify(addAnnotation(await sign(await formPdf(), { certify: 3 })));
    expect(p3).toMatchObject({ valid: true, document: { verdict: 'valid-with-permitted-changes' } });
  });

  it('DocMDP P=1 forbids even form filling', async () => {
    const r = await verify(fillAmount(await sign(await formPdf(), { certify: 1 }), '999'));
    expect(r.document.verdict).toBe('modified-after-signing');
    expect(only(r).reason).toMatch(/does not permit/);
  });

  it('a field lock (FieldMDP) forbids filling the locked field', async () => {
    const r = await verify(fillAmount(await sign(await formPdf(), { lock: { action: 'Include', fields: ['Amount'] } }), '1'));
    expect(r.document.verdict).toBe('modified-after-signing');
    expect(only(r).modifications.lockedFields).toEqual(['Amount']);
    expect(only(r).modifications.changes.some((c) => c.disallowed && /locked/.test(c.description))).toBe(true);
    const other = await verify(fillAmount(await sign(await formPdf(), { lock: { action: 'Include', fields: ['Other'] } }), '1'));
    expect(other.valid).toBe(true);
  });
});

describe('disallowed changes and attacks', () => {
  it('incremental saving attack: a page content stream replaced after signing', async () => {
    const signed = await sign(await formPdf());
    const doc = open(signed);
    const page = listPages(doc)[0]!;
    const num = contentStreamOf(doc, page.dict);
    const evil = pdfStream(pdfDict({ Filter: pdfName('FlateDecode') }), zlibSync(new TextEncoder().encode('BT /F1 14 Tf 72 760 Td (Pay the attacker) Tj ET')));
    const r = await verify(update(signed, [{ num, gen: 0, value: evil }]).bytes);
    expect(r).toMatchObject({ valid: false, document: { verdict: 'attack', attacks: [{ kind: 'isa' }] } });
    expect(only(r)).toMatchObject({ indication: 'TOTAL_FAILED', facets: { intact: true, valid: true }, modifications: { flags: { contentStreams: true } } });
  });

  it('a page added after signing is a disallowed change (page tree), not an attack class', async () => {
    const signed = await sign(await formPdf());
    const doc = open(signed);
    const pagesRef = doc.catalog()!.entries.get('Pages');
    const pages = copyDict(doc.resolveDict(pagesRef)!);
    const kids = doc.resolve(pages.entries.get('Kids'));
    const num = doc.size;
    pages.entries.set('Kids', pdfArray([...(isArray(kids) ? kids.items : []), pdfRef(num)]));
    pages.entries.set('Count', 3);
    const page = pdfDict({ Type: pdfName('Page'), Parent: pagesRef, MediaBox: pdfArray([0, 0, 595, 842]) });
    const r = await verify(update(signed, [{ num: isRef(pagesRef) ? pagesRef.num : 0, gen: 0, value: pages }, { num, gen: 0, value: page }]).bytes);
    expect(r.document.verdict).toBe('modified-after-signing');
    expect(only(r).modifications.flags.pageTree).toBe(true);
  });

  it('signature dictionary spoofing: /Reason rewritten in a later revision', async () => {
    const signed = await sign(await formPdf(), { reason: 'Approved' });
    const doc = open(signed);
    const sigRef = listFields(doc).find((f) => f.type === 'Sig')!.dict.entries.get('V');
    const sig = copyDict(doc.resolveDict(sigRef)!);
    sig.entries.set('Reason', pdfText('Rejected'));
    const r = await verify(update(signed, [{ num: isRef(sigRef) ? sigRef.num : 0, gen: 0, value: sig }]).bytes);
    expect(r.document.attacks[0]?.kind).toBe('sigdict-spoofing');
    expect(only(r).modifications.flags.signatureDictionary).toBe(true);
  });

  it('shadow hide: an xref entry of drawn content redirected to another object\'s bytes', async () => {
    const signed = await sign(await formPdf());
    const doc = open(signed);
    const target = contentStreamOf(doc, listPages(doc)[0]!.dict);
    const info = doc.trailer.entries.get('Info');
    const infoNum = isRef(info) ? info.num : 0;
    // An honest-looking update that rewrites the info dictionary, whose xref then also lists the
    // content stream at the info dictionary's offset (the RUB "hide via referenced object" trick).
    const u = update(signed, [{ num: infoNum, gen: 0, value: doc.resolve(info) }]);
    const text = new TextDecoder('latin1').decode(u.bytes);
    const xrefAt = text.lastIndexOf('\nxref\n');
    const section = `\nxref\n${infoNum} 1\n`;
    expect(text.slice(xrefAt, xrefAt + section.length)).toBe(section);
    const offset = String(u.offsets.get(infoNum)).padStart(10, '0');
    const forged = text.slice(0, xrefAt) + `\nxref\n${target} 1\n${offset} 00000 n \n${infoNum} 1\n` + text.slice(xrefAt + section.length);
    const bytes = Uint8Array.from(forged, (c) => c.charCodeAt(0));
    const r = await verify(fixStartxref(bytes));
    expect(r.document.attacks[0]?.kind).toBe('shadow-hide');
    expect(only(r).modifications.flags.xrefRedirect).toBe(true);
  });

  it('shadow replace: a widget appearance changed although the field value did not', async () => {
    const r = await verify(fillAmount(await sign(await formPdf()), 'PAID IN FULL', false));
    expect(r.document.attacks[0]?.kind).toBe('shadow-replace');
    expect(only(r).modifications.flags.appearanceWithoutValue).toBe(true);
  });

  it('signature wrapping: a later revision points the field at a copy of the signature dictionary', async () => {
    const signed = await sign(await formPdf());
    const doc = open(signed);
    const f = listFields(doc).find((x) => x.type === 'Sig')!;
    const copy = copyDict(doc.resolveDict(f.dict.entries.get('V'))!);
    const num = doc.size;
    const fd = copyDict(f.dict);
    fd.entries.set('V', pdfRef(num));
    const r = await verify(update(signed, [{ num: f.ref.num, gen: 0, value: fd }, { num, gen: 0, value: copy }]).bytes);
    expect(r.valid).toBe(false);
    expect(only(r).byteRange.issues).toContain('verify/byterange-not-own-dictionary');
    expect(r.document.attacks[0]?.kind).toBe('swa');
  });

  it('universal signature forgery: a signature without a usable /ByteRange', async () => {
    const signed = await sign(await formPdf());
    const r = await verify(patch(signed, '/ByteRange', '/ByteRangX'));
    expect(r).toMatchObject({ valid: false, document: { verdict: 'attack', attacks: [{ kind: 'usf' }] } });
  });

  it('bytes appended without a new revision are flagged and the signature no longer covers the file', async () => {
    const signed = await sign(await formPdf());
    const tail = new TextEncoder().encode('\n99 0 obj\n<< /Evil true >>\nendobj\n');
    const r = await verify(new Uint8Array([...signed, ...tail]));
    expect(r.valid).toBe(false);
    expect(only(r).modifications.flags.hiddenDefinitions).toBe(true);
    expect(r.document.unsignedTailBytes).toBe(tail.length);
  });
});

/** The object number of a page's (first) content stream. */
function contentStreamOf(doc: PdfDocument, page: PdfDict): number {
  const c = page.entries.get('Contents');
  const v = doc.resolve(c);
  const first = isArray(v) ? v.items[0] : c;
  if (!isRef(first)) throw new Error('the test page has no indirect content stream');
  return first.num;
}

/** Re-points the last startxref at the (moved) last xref section after byte surgery. */
function fixStartxref(bytes: Uint8Array): Uint8Array {
  const text = new TextDecoder('latin1').decode(bytes);
  const xref = text.lastIndexOf('\nxref\n') + 1;
  const sx = text.lastIndexOf('startxref');
  const out = `${text.slice(0, sx)}startxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(out, (c) => c.charCodeAt(0));
}
