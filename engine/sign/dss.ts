/**
 * The Document Security Store (ISO 32000-2 §12.8.4.3, ETSI EN 319 142-1 §5.4.2): certificates, OCSP
 * responses and CRLs appended in an incremental update so a signature can be validated long after
 * (PAdES B-LT). Each signature also gets a /VRI entry keyed by the SHA-1 of its /Contents. The OCSP
 * responses and CRLs come from the caller, or are fetched for the signer's chain through the
 * caller's fetch when the caller allows it (engine/cms checks each answer before it is embedded).
 */
import { zlibSync } from 'fflate';
import { checkCancelled, fail, hostNow, ok, toHex, warning, toDiagnostic } from '../core';
import type { Diagnostic, EngineHost, Result } from '../core';
import type { CertificateInfo, CmsSigner, FetchedRevocationData, RevocationFetch } from '../cms';
import { OID, bufferSource, buildChain, bytesEqual, fetchRevocationData, parseCertificate, parseSignedData } from '../cms';
import type { PdfDict, PdfObject, PdfRef } from '../pdf';
import { copyDict, isArray, isDict, isName, isString, pdfArray, pdfDict, pdfName, pdfStream, writeIncrementalUpdate } from '../pdf';
import { UpdateSet } from './form-update';
import { listFields } from './fields';
import { openForSigning } from './prepare';

/** Validation material supplied by the caller (DER each), and whether more may be fetched. */
export interface ValidationData {
  readonly certificates?: readonly Uint8Array[];
  readonly ocsps?: readonly Uint8Array[];
  readonly crls?: readonly Uint8Array[];
  /** Write /VRI entries (default true; PAdES allows them, ISO 32000-2 deprecates nothing about them). */
  readonly vri?: boolean;
  /** The host's HTTP fetch, for OCSP responses (preferred) or CRLs of the signer's chain. */
  readonly fetch?: RevocationFetch;
  /** Nothing is fetched unless this is true (and `fetch` is given). */
  readonly allowOnline?: boolean;
  /** Time allowed for each request; 10 s by default. */
  readonly timeoutMs?: number;
}

/** Inputs of `addValidationData`: the material plus, optionally, the signature it is for. */
export interface AddValidationOptions extends ValidationData {
  readonly signer?: CmsSigner;
  /** The CMS just embedded: its certificates (and its time-stamp token's) are added, and its /VRI key found. */
  readonly cms?: Uint8Array;
}

function embeddedCertificates(cms: Uint8Array): Uint8Array[] {
  const sd = parseSignedData(cms);
  const out = [...sd.certificates];
  for (const si of sd.signerInfos) {
    for (const a of si.unsignedAttributes) {
      if (a.type !== OID.signatureTimeStampToken) continue;
      for (const token of a.values) out.push(...parseSignedData(token).certificates);
    }
  }
  return out;
}

function unique(list: readonly Uint8Array[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const x of list) if (!out.some((o) => bytesEqual(o, x))) out.push(x);
  return out;
}

/** Appends a DSS (or extends the existing one) in a new incremental update. */
export async function addValidationData(pdf: Uint8Array, options: AddValidationOptions, host: EngineHost): Promise<Result<Uint8Array>> {
  const subtle = host.crypto?.subtle;
  if (!subtle) return fail({ severity: 'error', code: 'sign/no-crypto', message: 'The host gives no WebCrypto implementation.' });
  const opened = openForSigning(pdf);
  if (!opened.ok) return opened;
  const warnings: Diagnostic[] = [...opened.warnings];
  try {
    const doc = opened.value;
    const certs = unique([
      ...(options.signer ? [options.signer.certificate.der, ...options.signer.chain.map((c) => c.der)] : []),
      ...(options.cms ? embeddedCertificates(options.cms) : []),
      ...(options.certificates ?? []),
    ]);
    const fetched = options.allowOnline || options.fetch ? await fetchForChain(options, host, subtle) : undefined;
    checkCancelled(host);
    warnings.push(...(fetched?.warnings ?? []));
    const ocsps = unique([...(options.ocsps ?? []), ...(fetched?.ocsps ?? [])]);
    const crls = unique([...(options.crls ?? []), ...(fetched?.crls ?? [])]);
    if (ocsps.length === 0 && crls.length === 0) {
      warnings.push(warning('sign/no-revocation-data', 'No OCSP responses or CRLs were given; the DSS holds certificates only, which is enough for B-LT only when they are trust anchors.'));
    }
    const set = new UpdateSet(doc);
    const stream = (der: Uint8Array): PdfRef => set.add(pdfStream(pdfDict({ Filter: pdfName('FlateDecode') }), zlibSync(der)));
    const refs = { Certs: certs.map(stream), OCSPs: ocsps.map(stream), CRLs: crls.map(stream) };
    const catalog = set.catalog();
    const dss = existingDss(set, catalog.entries.get('DSS'));
    for (const [key, list] of Object.entries(refs)) if (list.length > 0) appendRefs(set, dss, key, list);
    if (options.vri !== false && options.cms) {
      const key = await vriKey(doc, options.cms, subtle);
      if (key) addVri(set, dss, key, refs);
    }
    catalog.entries.set('DSS', set.add(dss));
    markExtension(catalog);
    const id = new Uint8Array(await subtle.digest('SHA-256', bufferSource(new TextEncoder().encode(`dss|${doc.startXref}|${doc.bytes.length}`)))).slice(0, 16);
    return ok(writeIncrementalUpdate(doc, set.list(), { id1: id, id0: id }).bytes, warnings);
  } catch (e) {
    // Bad input must give a diagnostic, never an exception across the stage boundary.
    return fail(toDiagnostic('sign', e), warnings);
  }
}

/** The signer's chain: from the signer when given, else from the CMS (its first end-entity certificate). */
function signerChain(options: AddValidationOptions): CertificateInfo[] {
  if (options.signer) return buildChain(options.signer.certificate, options.signer.chain);
  if (!options.cms) return [];
  const certs = parseSignedData(options.cms).certificates.map((der) => parseCertificate(der));
  const leaf = certs.find((c) => !c.isCA);
  return leaf ? buildChain(leaf, certs) : [];
}

async function fetchForChain(options: AddValidationOptions, host: EngineHost, subtle: SubtleCrypto): Promise<FetchedRevocationData> {
  const chain = signerChain(options);
  if (chain.length === 0) return { ocsps: [], crls: [], warnings: [warning('sign/revocation-no-chain', 'No revocation data was fetched: neither a signer nor a signature CMS tells whose chain to check.')] };
  return fetchRevocationData(
    chain,
    {
      at: hostNow(host),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.allowOnline ? { allowOnline: true } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(host.signal ? { signal: host.signal } : {}),
    },
    subtle,
  );
}

function existingDss(set: UpdateSet, o: PdfObject | undefined): PdfDict {
  const d = set.doc.resolveDict(o);
  return d ? copyDict(d) : pdfDict({ Type: pdfName('DSS') });
}

function appendRefs(set: UpdateSet, dict: PdfDict, key: string, refs: PdfRef[]): void {
  const old = set.doc.resolve(dict.entries.get(key));
  dict.entries.set(key, pdfArray([...(isArray(old) ? old.items : []), ...refs]));
}

/** §12.8.4.4 (ISO 32000-2) / PAdES: the VRI key is the upper-case hex SHA-1 of the signature's /Contents bytes. */
async function vriKey(doc: ReturnType<typeof openForSigning> extends Result<infer D> ? D : never, cms: Uint8Array, subtle: SubtleCrypto): Promise<string | undefined> {
  for (const f of listFields(doc)) {
    if (!f.isSigned) continue;
    const sig = doc.resolveDict(f.dict.entries.get('V'));
    const contents = sig?.entries.get('Contents');
    if (!isString(contents) || contents.bytes.length < cms.length) continue;
    if (!bytesEqual(contents.bytes.subarray(0, cms.length), cms)) continue;
    return toHex(new Uint8Array(await subtle.digest('SHA-1', bufferSource(contents.bytes)))).toUpperCase();
  }
  return undefined;
}

function addVri(set: UpdateSet, dss: PdfDict, key: string, refs: { Certs: PdfRef[]; OCSPs: PdfRef[]; CRLs: PdfRef[] }): void {
  const old = set.doc.resolveDict(dss.entries.get('VRI'));
  const vri = old ? copyDict(old) : pdfDict();
  const entry = pdfDict({ Type: pdfName('VRI') });
  if (refs.Certs.length) entry.entries.set('Cert', pdfArray(refs.Certs));
  if (refs.OCSPs.length) entry.entries.set('OCSP', pdfArray(refs.OCSPs));
  if (refs.CRLs.length) entry.entries.set('CRL', pdfArray(refs.CRLs));
  vri.entries.set(key, entry);
  dss.entries.set('VRI', vri);
}

/** Declares the ESIC extension (ISO 32000-1 §7.12, ETSI EN 319 142-1 §5.4) that introduced the DSS, unless present. */
function markExtension(catalog: PdfDict): void {
  const ext = catalog.entries.get('Extensions');
  const dict = isDict(ext) ? copyDict(ext) : pdfDict();
  if (isDict(ext) && ext.entries.has('ESIC')) return;
  if (ext !== undefined && !isDict(ext)) return;
  dict.entries.set('ESIC', pdfDict({ BaseVersion: pdfName('1.7'), ExtensionLevel: 5 }));
  catalog.entries.set('Extensions', dict);
}

/** True when the catalog of a PDF has a DSS (for tests and reports). */
export function hasDss(catalog: PdfDict | undefined): boolean {
  return !!catalog && catalog.entries.has('DSS') && !isName(catalog.entries.get('DSS'));
}
