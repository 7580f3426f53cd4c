/**
 * Step 1 of PDF signing (ISO 32000-1 §12.8.1, ETSI EN 319 142-1): append an incremental update with
 * a signature dictionary whose /Contents is a zero-filled placeholder and whose /ByteRange covers
 * everything else, and return the digest of those bytes. The CMS is made elsewhere (any signer)
 * and written into the placeholder by `completeSignature`.
 */
import { DiagnosticError, fail, hostNow, ok, checkCancelled, toDiagnostic } from '../core';
import type { EngineHost, Result } from '../core';
import type { DigestName } from '../cms';
import { bufferSource } from '../cms';
import type { PdfDict, PdfDocument, PdfRef } from '../pdf';
import { indexOf, latin1Bytes, listPages, openPdf, pageMediaBox, pdfArray, pdfDict, pdfName, pdfRaw, pdfText, objectToString, writeIncrementalUpdate } from '../pdf';
import { addAppearance, addEmptyAppearance } from './appearance';
import { listFields, uniqueFieldName } from './fields';
import type { FieldInfo } from './fields';
import { UpdateSet, addSignatureField, fillSignatureField } from './form-update';
import { checkSigningAllowed } from './permissions';
import { formatDisplayDate, formatPdfDate } from './pdf-date';
import type { FieldLock, PrepareOptions, PreparedSignature } from './types';

const BYTE_RANGE_PLACEHOLDER = '[0 0000000000 0000000000 0000000000]';

/** Opens a PDF for signing, refusing encrypted or damaged files. */
export function openForSigning(pdf: Uint8Array): Result<PdfDocument> {
  const opened = openPdf(pdf);
  if (!opened.ok) return opened;
  const doc = opened.value;
  if (doc.trailer.entries.has('Encrypt')) {
    return fail({ severity: 'error', code: 'sign/encrypted-pdf', message: 'Encrypted PDFs cannot be signed yet.', hint: 'Decrypt the file first (qpdf --decrypt in.pdf out.pdf).' });
  }
  if (doc.repaired) {
    return fail({ severity: 'error', code: 'sign/damaged-pdf', message: 'The PDF cross-reference table is damaged; signing it would produce an unreliable file.', hint: 'Repair it first (qpdf in.pdf out.pdf).' }, opened.warnings);
  }
  return opened;
}

/** Prepares a signature (or document time-stamp) placeholder; see the module comment. */
export async function prepareSignature(pdf: Uint8Array, options: PrepareOptions, host: EngineHost): Promise<Result<PreparedSignature>> {
  const subtle = host.crypto?.subtle;
  if (!subtle) return fail({ severity: 'error', code: 'sign/no-crypto', message: 'The host gives no WebCrypto implementation.' });
  const opened = openForSigning(pdf);
  if (!opened.ok) return opened;
  try {
    checkCancelled(host);
    const doc = opened.value;
    const fields = listFields(doc);
    const kind = options.kind ?? 'signature';
    const existing = options.fieldName ? fields.find((f) => f.name === options.fieldName) : undefined;
    const denied = checkSigningAllowed(doc, fields, { certify: kind === 'signature' && options.certify !== undefined, ...(existing ? { existingField: existing.name } : {}) });
    if (denied.length > 0) return fail(denied, opened.warnings);
    const signingTime = hostNow(host);
    const fieldName = options.fieldName ?? uniqueFieldName(fields, kind === 'timestamp' ? 'DocTimeStamp' : 'Signature');
    const set = new UpdateSet(doc);
    const sigRef = set.add(signatureDictionary(options, signingTime));
    attachField(set, doc, fields, existing, fieldName, sigRef, options, signingTime);
    if (kind === 'signature' && options.certify) set.catalog().entries.set('Perms', pdfDict({ DocMDP: sigRef }));
    const id = await revisionId(doc, `${formatPdfDate(signingTime)}|${fieldName}|${kind}`, subtle);
    const written = writeIncrementalUpdate(doc, set.list(), { id1: id, id0: id });
    const prepared = await finish(written.bytes, written.offsets.get(sigRef.num)!, options, subtle);
    return ok({ ...prepared, fieldName, signingTime, kind }, opened.warnings);
  } catch (e) {
    // Bad input must give a diagnostic, never an exception across the stage boundary.
    return fail(toDiagnostic('sign', e), opened.warnings);
  }
}

function signatureDictionary(o: PrepareOptions, time: Date): PdfDict {
  const kind = o.kind ?? 'signature';
  const hexLen = Math.max(1, Math.ceil(o.contentsSize)) * 2;
  const d = pdfDict({
    Type: pdfName(kind === 'timestamp' ? 'DocTimeStamp' : 'Sig'),
    Filter: pdfName('Adobe.PPKLite'),
    SubFilter: pdfName(kind === 'timestamp' ? 'ETSI.RFC3161' : o.subFilter ?? 'ETSI.CAdES.detached'),
    ByteRange: pdfRaw(BYTE_RANGE_PLACEHOLDER),
    Contents: pdfRaw('<' + '0'.repeat(hexLen) + '>'),
  });
  if (kind === 'timestamp') return d;
  const e = d.entries;
  e.set('M', pdfText(formatPdfDate(time)));
  if (o.signerName) e.set('Name', pdfText(o.signerName));
  if (o.reason) e.set('Reason', pdfText(o.reason));
  if (o.location) e.set('Location', pdfText(o.location));
  if (o.contactInfo) e.set('ContactInfo', pdfText(o.contactInfo));
  const refs = [];
  // §12.8.2.2 Table 254 / §12.8.2.4 Table 256: transform parameters of certification and field locks.
  if (o.certify) refs.push(sigRefDict('DocMDP', pdfDict({ Type: pdfName('TransformParams'), P: o.certify, V: pdfName('1.2') })));
  if (o.lock) refs.push(sigRefDict('FieldMDP', lockParams(o.lock, 'TransformParams')));
  if (refs.length > 0) e.set('Reference', pdfArray(refs));
  e.set('Prop_Build', pdfDict({ App: pdfDict({ Name: pdfName('Colophon') }) }));
  return d;
}

function sigRefDict(method: string, params: PdfDict): PdfDict {
  return pdfDict({ Type: pdfName('SigRef'), TransformMethod: pdfName(method), TransformParams: params });
}

/** FieldMDP parameters (§12.8.2.4) or the field's /Lock dictionary (§12.7.4.5 Table 233). */
function lockParams(lock: FieldLock, type: 'TransformParams' | 'SigFieldLock'): PdfDict {
  const d = pdfDict({ Type: pdfName(type), Action: pdfName(lock.action) });
  if (lock.action !== 'All') d.entries.set('Fields', pdfArray((lock.fields ?? []).map((f) => pdfText(f))));
  if (type === 'TransformParams') d.entries.set('V', pdfName('1.2'));
  if (lock.permission) d.entries.set('P', lock.permission);
  return d;
}

function attachField(set: UpdateSet, doc: PdfDocument, fields: readonly FieldInfo[], existing: FieldInfo | undefined, name: string, sigRef: PdfRef, o: PrepareOptions, time: Date): void {
  const lock = o.lock ? lockParams(o.lock, 'SigFieldLock') : undefined;
  if (existing) {
    fillSignatureField(set, existing.ref, existing.dict, sigRef, lock);
    return;
  }
  const pages = listPages(doc);
  const pageIndex = (o.visible?.page ?? 1) - 1;
  const page = pages[pageIndex];
  if (!page) {
    throw new DiagnosticError({ severity: 'error', code: 'sign/bad-page', message: `Page ${pageIndex + 1} does not exist; the document has ${pages.length} page(s).` });
  }
  let rect: [number, number, number, number] = [0, 0, 0, 0];
  let appearance: PdfRef;
  if (o.visible) {
    const [mx, my] = pageMediaBox(doc, page.dict);
    const [x, y, w, h] = o.visible.rect;
    rect = [mx + x, my + y, mx + x + w, my + y + h];
    const lines = o.visible.lines ?? defaultLines(o, time);
    appearance = addAppearance(set, { widthPt: w, heightPt: h, lines, ...(o.visible.image ? { image: o.visible.image } : {}) });
  } else appearance = addEmptyAppearance(set);
  addSignatureField(set, name, sigRef, { page, rect, appearance }, lock);
}

/** The text of a visible signature when the caller gives none: signer, date, reason, location. */
export function defaultLines(o: PrepareOptions, time: Date): string[] {
  const lines = [`Digitally signed by ${o.signerName ?? 'unknown signer'}`, `Date: ${formatDisplayDate(time)}`];
  if (o.reason) lines.push(`Reason: ${o.reason}`);
  if (o.location) lines.push(`Location: ${o.location}`);
  return lines;
}

async function revisionId(doc: PdfDocument, salt: string, subtle: SubtleCrypto): Promise<Uint8Array> {
  const material = `${objectToString(doc.trailer)}|${doc.startXref}|${doc.bytes.length}|${salt}`;
  return new Uint8Array(await subtle.digest('SHA-256', bufferSource(latin1Bytes(material)))).slice(0, 16);
}

async function finish(bytes: Uint8Array, sigOffset: number, o: PrepareOptions, subtle: SubtleCrypto): Promise<Omit<PreparedSignature, 'fieldName' | 'signingTime' | 'kind'>> {
  const brFound = indexOf(bytes, '/ByteRange ' + BYTE_RANGE_PLACEHOLDER, sigOffset, 4096);
  const cFound = indexOf(bytes, '/Contents <', sigOffset, 4096);
  if (brFound < 0 || cFound < 0) throw new DiagnosticError({ severity: 'error', code: 'sign/internal', message: 'The signature placeholder was not found in the written update.' });
  const brAt = brFound + '/ByteRange '.length;
  const cAt = cFound + '/Contents '.length;
  const hexLen = Math.max(1, Math.ceil(o.contentsSize)) * 2;
  const afterContents = cAt + hexLen + 2;
  const byteRange: [number, number, number, number] = [0, cAt, afterContents, bytes.length - afterContents];
  let text = `[0 ${byteRange[1]} ${byteRange[2]} ${byteRange[3]}]`;
  text = text.slice(0, -1) + ' '.repeat(BYTE_RANGE_PLACEHOLDER.length - text.length) + ']';
  bytes.set(latin1Bytes(text), brAt);
  const digestAlgorithm: DigestName = o.digest ?? 'SHA-256';
  const digest = new Uint8Array(await subtle.digest(digestAlgorithm, bufferSource(signedBytes({ bytes, byteRange }))));
  return { bytes, byteRange, contentsOffset: cAt, contentsCapacity: hexLen / 2, digestAlgorithm, digest };
}

/** The bytes a signature covers: the two /ByteRange segments joined. */
export function signedBytes(p: Pick<PreparedSignature, 'bytes' | 'byteRange'>): Uint8Array {
  const [a, b, c, d] = p.byteRange;
  const out = new Uint8Array(b + d);
  out.set(p.bytes.subarray(a, a + b), 0);
  out.set(p.bytes.subarray(c, c + d), b);
  return out;
}
