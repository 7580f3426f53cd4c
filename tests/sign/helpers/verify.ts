/**
 * Cross-tool checks for signed PDFs: pdfsig (poppler-utils), qpdf --check, openssl cms -verify
 * on each embedded CMS, openssl ts -verify on tokens.
 */
import { join } from 'node:path';
import { readNode } from '../../../engine/cms';
import { openPdf, isArray, isString } from '../../../engine/pdf';
import { listFields } from '../../../engine/sign';
import { requireTool, run, writeTemp } from './make-pdf';

/** One signature as the file stores it. */
export interface StoredSignature {
  readonly field: string;
  readonly subFilter: string;
  readonly byteRange: number[];
  /** The CMS (or token) without the zero padding. */
  readonly cms: Uint8Array;
  /** The whole /Contents string bytes. */
  readonly contents: Uint8Array;
  /** The bytes the ByteRange covers. */
  readonly signed: Uint8Array;
}

/** Lists the signatures of a PDF with our own reader. */
export function storedSignatures(pdf: Uint8Array): StoredSignature[] {
  const r = openPdf(pdf);
  if (!r.ok) throw new Error(`cannot open: ${JSON.stringify(r.errors)}`);
  const doc = r.value;
  return listFields(doc)
    .filter((f) => f.isSigned)
    .map((f) => {
      const v = doc.resolveDict(f.dict.entries.get('V'))!;
      const contents = v.entries.get('Contents');
      const br = v.entries.get('ByteRange');
      const sf = v.entries.get('SubFilter') as { value: string };
      if (!isString(contents) || !isArray(br)) throw new Error('bad signature dictionary');
      const byteRange = br.items as number[];
      const [a, b, c, d] = byteRange as [number, number, number, number];
      const signed = new Uint8Array(b + d);
      signed.set(pdf.subarray(a, a + b), 0);
      signed.set(pdf.subarray(c, c + d), b);
      const cms = contents.bytes.subarray(0, readNode(contents.bytes, 0).end);
      return { field: f.name, subFilter: sf.value, byteRange, cms, contents: contents.bytes, signed };
    });
}

/** pdfsig's verdict per signature. */
export interface PdfsigVerdict {
  readonly valid: boolean;
  readonly total: boolean;
  readonly text: string;
}

/** Runs pdfsig and splits its report per signature. */
export function pdfsig(path: string): PdfsigVerdict[] {
  requireTool('pdfsig', 'poppler-utils');
  const out = run('pdfsig', [path]).out;
  return out
    .split(/Signature #\d+:/)
    .slice(1)
    .map((text) => ({ valid: text.includes('Signature Validation: Signature is Valid.'), total: text.includes('Total document signed'), text }));
}

/** Runs qpdf --check; true when it reports no errors. */
export function qpdfCheck(path: string): { ok: boolean; out: string } {
  requireTool('qpdf', 'qpdf');
  const r = run('qpdf', ['--check', path]);
  return { ok: r.status === 0 && r.out.includes('No syntax or stream encoding errors'), out: r.out };
}

/** Verifies a detached CMS over its signed bytes against a CA file with openssl cms -verify. */
export function opensslCmsVerify(dir: string, name: string, sig: StoredSignature, caFile: string): { ok: boolean; out: string } {
  requireTool('openssl', 'openssl');
  const cmsPath = writeTemp(dir, `${name}.p7s`, sig.cms);
  const dataPath = writeTemp(dir, `${name}.data`, sig.signed);
  const r = run('openssl', ['cms', '-verify', '-binary', '-inform', 'DER', '-in', cmsPath, '-content', dataPath, '-CAfile', caFile, '-purpose', 'any', '-out', join(dir, `${name}.out`)]);
  return { ok: r.status === 0 && r.out.includes('Verification successful'), out: r.out };
}
