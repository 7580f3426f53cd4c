/**
 * Validation material embedded in a signed PDF: the Document Security Store with its per-signature
 * VRI entries (ISO 32000-2 §12.8.4.3, ETSI EN 319 142-1 §5.4.2), the CMS `crls` field with
 * OtherRevocationInfoFormat OCSP (RFC 5940 §2.1), and Adobe's revocationInfoArchival attribute
 * (ISO 32000-1 §12.8.3.3.2).
 */
import type { CertificateInfo, ParsedSignedData, ParsedSignerInfo } from '../cms';
import { children, encoding, findAttribute, parseCertificate, readNode, readOid } from '../cms';
import type { PdfDocument, PdfObject } from '../pdf';
import { decodeStreamData, isArray, isDict, isStream } from '../pdf';
import type { RevocationData, RevocationSource } from './revocation';

/** Revocation data for one signature, from its sources. */
export interface DssContents {
  readonly certs: readonly Uint8Array[];
  readonly ocsps: readonly Uint8Array[];
  readonly crls: readonly Uint8Array[];
  /** VRI entries keyed by upper-case hex SHA-1 of the signature's /Contents. */
  readonly vri: ReadonlyMap<string, { readonly certs: readonly Uint8Array[]; readonly ocsps: readonly Uint8Array[]; readonly crls: readonly Uint8Array[] }>;
}

const MAX_ITEMS = 10_000;
const MAX_ITEM_BYTES = 16 * 1024 * 1024;
const ADBE_REVOCATION = '1.2.840.113583.1.1.8';
const OCSP_RESPONSE_FORMAT = '1.3.6.1.5.5.7.16.2';

function streams(doc: PdfDocument, o: PdfObject | undefined): Uint8Array[] {
  const list = doc.resolve(o);
  if (!isArray(list)) return [];
  const out: Uint8Array[] = [];
  for (const item of list.items.slice(0, MAX_ITEMS)) {
    const s = doc.resolve(item);
    if (!isStream(s)) continue;
    try {
      out.push(decodeStreamData(s, MAX_ITEM_BYTES));
    } catch {
      // An undecodable entry proves nothing; it is skipped.
    }
  }
  return out;
}

/** Reads the DSS of a document, or undefined when it has none. */
export function readDss(doc: PdfDocument): DssContents | undefined {
  const dss = doc.resolveDict(doc.catalog()?.entries.get('DSS'));
  if (!dss) return undefined;
  const vri = new Map<string, { certs: Uint8Array[]; ocsps: Uint8Array[]; crls: Uint8Array[] }>();
  const vriDict = doc.resolveDict(dss.entries.get('VRI'));
  if (vriDict) {
    let n = 0;
    for (const [key, value] of vriDict.entries) {
      if (++n > MAX_ITEMS) break;
      const e = doc.resolveDict(value);
      if (!e) continue;
      vri.set(key.toUpperCase(), { certs: streams(doc, e.entries.get('Cert')), ocsps: streams(doc, e.entries.get('OCSP')), crls: streams(doc, e.entries.get('CRL')) });
    }
  }
  return { certs: streams(doc, dss.entries.get('Certs')), ocsps: streams(doc, dss.entries.get('OCSPs')), crls: streams(doc, dss.entries.get('CRLs')), vri };
}

/** True when a DSS object exists in the document's catalog. */
export function hasDss(doc: PdfDocument): boolean {
  const d = doc.catalog()?.entries.get('DSS');
  return d !== undefined && (isDict(doc.resolve(d)));
}

/** Parses certificates, skipping unreadable ones. */
export function parseCertificates(list: readonly Uint8Array[]): CertificateInfo[] {
  const out: CertificateInfo[] = [];
  for (const der of list) {
    try {
      out.push(parseCertificate(der));
    } catch {
      // Unreadable certificates cannot help build a path.
    }
  }
  return out;
}

/** Revocation data carried by the CMS itself: the crls field and the adbe attribute. */
export function cmsRevocationData(parsed: ParsedSignedData, si: ParsedSignerInfo | undefined): RevocationData {
  const crls: { der: Uint8Array; source: RevocationSource }[] = [];
  const ocsps: { der: Uint8Array; source: RevocationSource }[] = [];
  for (const item of parsed.crls) {
    try {
      const n = readNode(item, 0);
      if (n.tag === 0x30) crls.push({ der: item, source: 'cms' });
      else if (n.tag === 0xa1) {
        const [format, value] = children(n);
        if (readOid(format!) === OCSP_RESPONSE_FORMAT && value) ocsps.push({ der: encoding(value), source: 'cms' });
      }
    } catch {
      // Skipped: malformed revocation entries prove nothing.
    }
  }
  const adbe = si ? findAttribute(si.signedAttributes, ADBE_REVOCATION) : undefined;
  if (adbe) {
    try {
      for (const part of children(readNode(adbe, 0))) {
        const list = children(children(part)[0]!).map(encoding);
        if (part.tag === 0xa0) for (const der of list) crls.push({ der, source: 'adbe' });
        if (part.tag === 0xa1) for (const der of list) ocsps.push({ der, source: 'adbe' });
      }
    } catch {
      // Skipped as above.
    }
  }
  return { crls, ocsps };
}

/** Joins revocation data lists. */
export function mergeRevocationData(...parts: RevocationData[]): RevocationData {
  return { crls: parts.flatMap((p) => p.crls), ocsps: parts.flatMap((p) => p.ocsps) };
}

/** DSS material for a signature: its VRI entry first, then the document-wide lists. */
export function dssRevocationData(dss: DssContents | undefined, vriKey: string | undefined): RevocationData {
  if (!dss) return { crls: [], ocsps: [] };
  const vri = vriKey ? dss.vri.get(vriKey) : undefined;
  return {
    crls: [...(vri?.crls ?? []).map((der) => ({ der, source: 'vri' as const })), ...dss.crls.map((der) => ({ der, source: 'dss' as const }))],
    ocsps: [...(vri?.ocsps ?? []).map((der) => ({ der, source: 'vri' as const })), ...dss.ocsps.map((der) => ({ der, source: 'dss' as const }))],
  };
}
