/**
 * First pass over one PDF signature: what it is (approval, certification, document time-stamp),
 * its ByteRange, and its cryptography. The second pass (signature-report.ts) needs every signature
 * of the document evaluated first, for proof-of-existence times and DocMDP order.
 */
import type { CertificateInfo } from '../cms';
import { toHex } from '../core';
import type { PdfDocument } from '../pdf';
import { decodePdfText, isName, isString } from '../pdf';
import { digestBytes } from '../cms';
import type { ByteRangeCheck } from './byte-range';
import { checkByteRange } from './byte-range';
import type { TrustContext } from './chain';
import type { SignatureField } from './fields';
import type { SignaturePermissions } from './mdp';
import { signaturePermissions } from './mdp';
import type { ByteText, RevisionCache, Revision } from './revisions';
import type { CryptoResult } from './signature-crypto';
import { checkSignatureCrypto } from './signature-crypto';
import type { DssContents } from './validation-data';
import type { SignatureKind, VerifyOptions } from './types';

/** Shared state of one PDF verification. */
export interface PdfContext {
  readonly doc: PdfDocument;
  readonly bytes: Uint8Array;
  readonly text: ByteText;
  readonly revisions: readonly Revision[];
  readonly cache: RevisionCache;
  readonly subtle: SubtleCrypto;
  readonly anchors: readonly CertificateInfo[];
  readonly intermediates: readonly CertificateInfo[];
  readonly dss?: DssContents;
  readonly dssCertificates: readonly CertificateInfo[];
  readonly validationTime: Date;
  readonly options: VerifyOptions;
  readonly signal?: AbortSignal;
}

/** A signature after the first pass. */
export interface EvaluatedSignature {
  readonly sf: SignatureField;
  readonly kind: SignatureKind;
  readonly subFilter?: string;
  readonly br: ByteRangeCheck;
  readonly contents?: Uint8Array;
  readonly crypto: CryptoResult;
  readonly permissions: SignaturePermissions;
  /** Upper-case hex SHA-1 of /Contents: the key of this signature's VRI entry. */
  readonly vriKey?: string;
  readonly claimedSigningTime?: Date;
  readonly trust: TrustContext;
}

function nameOf(doc: PdfDocument, o: Parameters<PdfDocument['resolve']>[0]): string | undefined {
  const v = doc.resolve(o);
  return isName(v) ? v.value : undefined;
}

function textOf(doc: PdfDocument, o: Parameters<PdfDocument['resolve']>[0]): string | undefined {
  const v = doc.resolve(o);
  return isString(v) ? decodePdfText(v) : undefined;
}

/** Parses a PDF date `D:YYYYMMDDHHmmSSOHH'mm` (ISO 32000-1 §7.9.4). */
export function parsePdfDate(s: string | undefined): Date | undefined {
  if (!s) return undefined;
  const m = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?/.exec(s.trim());
  if (!m) return undefined;
  const n = (x: string | undefined, d: number): number => (x === undefined ? d : Number(x));
  let t = Date.UTC(Number(m[1]), n(m[2], 1) - 1, n(m[3], 1), n(m[4], 0), n(m[5], 0), n(m[6], 0));
  if (m[7] === '+' || m[7] === '-') t -= (m[7] === '-' ? -1 : 1) * (n(m[8], 0) * 60 + n(m[9], 0)) * 60000;
  return Number.isFinite(t) ? new Date(t) : undefined;
}

/** Concatenates the signed ranges (one copy; WebCrypto digests need a single buffer). */
function signedBytes(bytes: Uint8Array, br: ByteRangeCheck): Uint8Array | undefined {
  if (br.ranges.length === 0) return undefined;
  if (br.ranges.length === 1) return bytes.subarray(br.ranges[0]![0], br.ranges[0]![1]);
  const out = new Uint8Array(br.signedBytes);
  let o = 0;
  for (const [a, b] of br.ranges) {
    out.set(bytes.subarray(a, b), o);
    o += b - a;
  }
  return out;
}

/** Evaluates one signature's structure and cryptography. */
export async function evaluateSignature(ctx: PdfContext, sf: SignatureField): Promise<EvaluatedSignature> {
  const { doc, subtle } = ctx;
  const sig = sf.sig;
  const subFilter = nameOf(doc, sig.entries.get('SubFilter'));
  const isTimestamp = isName(doc.resolve(sig.entries.get('Type')), 'DocTimeStamp') || subFilter === 'ETSI.RFC3161';
  const br: ByteRangeCheck = sf.unreadable
    ? { values: null, ranges: [], issues: ['verify/signature-unreadable'], revision: null, coverage: 'unclear', signedBytes: 0, end: 0 }
    : checkByteRange(doc, ctx.text, sig, sf.sigNum, ctx.revisions);
  // Permissions are read from the signature dictionary as signed, not as a later revision may show it.
  const signedDict = br.origin?.dict ?? sig;
  const permissions = signaturePermissions(doc, signedDict, sf.field.dict, sf.sigNum);
  const kind: SignatureKind = isTimestamp ? 'document-timestamp' : permissions.docMdp ? 'certification' : 'approval';
  const c = doc.resolve(sig.entries.get('Contents'));
  const contents = isString(c) && c.bytes.length > 0 ? c.bytes : undefined;
  const pool = [...ctx.dssCertificates, ...ctx.intermediates];
  const trust: TrustContext = { subtle, anchors: ctx.anchors, pool };
  const crypto = contents
    ? await checkSignatureCrypto(subtle, subFilter, contents, signedBytes(ctx.bytes, br), trust)
    : { failures: [{ indication: 'TOTAL_FAILED' as const, sub: 'FORMAT_FAILURE' as const, code: 'verify/no-contents', message: 'The signature dictionary has no /Contents.' }], intact: null, certificates: [] };
  const vriKey = contents ? toHex(await digestBytes(subtle, 'SHA-1', contents)).toUpperCase() : undefined;
  const claimed = crypto.cms?.signingTime ?? parsePdfDate(textOf(doc, sig.entries.get('M')));
  return {
    sf,
    kind,
    ...(subFilter ? { subFilter } : {}),
    br,
    ...(contents ? { contents } : {}),
    crypto,
    permissions,
    ...(vriKey ? { vriKey } : {}),
    ...(claimed ? { claimedSigningTime: claimed } : {}),
    trust: { ...trust, pool: [...crypto.certificates, ...pool] },
  };
}
