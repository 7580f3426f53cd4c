/**
 * One OOXML package signature part (ECMA-376 Part 2 §13.2.4, W3C XML Signature): the SignedInfo
 * references, every Manifest reference (xmlsec1 prints OK even when one fails, so each is checked
 * here), the SignatureValue over canonical SignedInfo, the signer from KeyInfo, the XAdES
 * SigningCertificate binding (ETSI EN 319 132-1 §5.2.2) and the XAdES signature time-stamp.
 */
import type { CertificateInfo, SignatureAlgorithm } from '../cms';
import { algorithmLabel, bytesEqual, decodeBase64, digestBytes, parseCertificate, verifyWithCertificate } from '../cms';
import { DiagnosticError, encodeUtf8 } from '../core';
import type { TrustContext } from './chain';
import type { Failure } from './cms-verify';
import type { TimestampCheck } from './timestamp';
import { checkTimestampToken } from './timestamp';
import type { ReferenceResult } from './xmldsig-refs';
import { checkReference } from './xmldsig-refs';
import type { Package, XElement } from '../xmldsig';
import { C14N, DSIG_NS, OPC_DSIG_NS, canonicalizeElement, digestOfUri, parseXTree, signatureMethodOf, xAttr, xChild, xChildren, xText } from '../xmldsig';

const XADES = ['http://uri.etsi.org/01903/v1.3.2#', 'http://uri.etsi.org/01903/v1.4.1#', 'http://uri.etsi.org/01903/v1.1.1#'];

/** Everything learnt from one signature part. */
export interface XmlSignatureCheck {
  readonly part: string;
  readonly signedInfoRefs: readonly ReferenceResult[];
  readonly manifestRefs: readonly ReferenceResult[];
  readonly signatureVerifies: boolean | null;
  readonly algorithm?: string;
  readonly digestAlgorithm?: string;
  readonly signerCert?: CertificateInfo;
  readonly certificates: readonly CertificateInfo[];
  readonly signingCertificate: 'v1' | 'v2' | 'absent' | 'mismatch';
  readonly signingTime?: Date;
  readonly timestamp?: TimestampCheck;
  /** XAdES CertificateValues and RevocationValues (ETSI EN 319 132-1 §5.5.1–5.5.2). */
  readonly validation: { readonly certs: readonly CertificateInfo[]; readonly crls: readonly Uint8Array[]; readonly ocsps: readonly Uint8Array[] };
  readonly failures: readonly Failure[];
}

function fail(sub: Failure['sub'], code: string, message: string, indication: Failure['indication'] = 'TOTAL_FAILED'): Failure {
  return { indication, sub, code, message };
}

/** Verifies one signature part of a package. */
export async function checkXmlSignature(subtle: SubtleCrypto, pkg: Package, part: string, bytes: Uint8Array, trust: TrustContext): Promise<XmlSignatureCheck> {
  const base = { part, signedInfoRefs: [], manifestRefs: [], signatureVerifies: null, certificates: [], signingCertificate: 'absent' as const, validation: { certs: [], crls: [], ocsps: [] } };
  let root: XElement;
  try {
    root = parseXTree(new TextDecoder().decode(bytes)).root;
  } catch (e) {
    if (!(e instanceof DiagnosticError)) throw e;
    return { ...base, failures: [fail('FORMAT_FAILURE', 'verify/xml-signature-unreadable', `Signature part ${part} is not readable XML: ${e.diagnostic.message}`)] };
  }
  const signedInfo = xChild(root, DSIG_NS, 'SignedInfo');
  if (root.uri !== DSIG_NS || root.local !== 'Signature' || !signedInfo) {
    return { ...base, failures: [fail('FORMAT_FAILURE', 'verify/xml-signature-malformed', `Signature part ${part} holds no ds:Signature with a SignedInfo.`)] };
  }
  const failures: Failure[] = [];
  const signedInfoRefs: ReferenceResult[] = [];
  for (const ref of xChildren(signedInfo, DSIG_NS, 'Reference')) signedInfoRefs.push(await checkReference(subtle, ref, root, pkg));
  const manifestRefs: ReferenceResult[] = [];
  for (const object of xChildren(root, DSIG_NS, 'Object')) {
    for (const manifest of xChildren(object, DSIG_NS, 'Manifest')) for (const ref of xChildren(manifest, DSIG_NS, 'Reference')) manifestRefs.push(await checkReference(subtle, ref, root, pkg));
  }
  for (const [list, what] of [[signedInfoRefs, 'SignedInfo'], [manifestRefs, 'Manifest']] as const) {
    const bad = list.find((r) => r.ok === false);
    const unknown = list.find((r) => r.ok === null);
    if (bad) failures.push(fail('HASH_FAILURE', 'verify/reference-digest-mismatch', `${what} reference ${bad.uri.split('?')[0]} does not verify: ${bad.problem ?? 'digest mismatch'}.`));
    else if (unknown) failures.push(fail('CRYPTO_CONSTRAINTS_FAILURE', 'verify/reference-unsupported', `${what} reference ${unknown.uri.split('?')[0]} could not be checked: ${unknown.problem}.`, 'INDETERMINATE'));
  }
  if (signedInfoRefs.length === 0) failures.push(fail('FORMAT_FAILURE', 'verify/no-references', 'The SignedInfo has no references.'));
  const certificates = keyInfoCertificates(root);
  const xades = findXades(root);
  const signerCert = await pickSigner(subtle, certificates, xades);
  const bindingValue = await xadesBinding(subtle, xades, signerCert);
  const signingTime = readSigningTime(root, xades);
  const sv = await signatureValue(subtle, root, signedInfo, signerCert, failures);
  if (bindingValue === 'mismatch') failures.push(fail('NO_SIGNING_CERTIFICATE_FOUND', 'verify/signing-certificate-mismatch', 'The XAdES SigningCertificate does not identify the certificate that made the signature.', 'INDETERMINATE'));
  const validation = xadesValidationData(xades);
  const timestamp = await xadesTimestamp(subtle, root, xades, { ...trust, pool: [...certificates, ...validation.certs, ...trust.pool] });
  if (timestamp?.failure) failures.push({ ...timestamp.failure, code: 'verify/signature-timestamp-invalid', message: `The signature time-stamp does not verify: ${timestamp.failure.message}` });
  const method = xAttr(xChild(xChildren(signedInfo, DSIG_NS, 'Reference')[0], DSIG_NS, 'DigestMethod'), 'Algorithm');
  const digest = digestOfUri(method);
  return {
    part,
    signedInfoRefs,
    manifestRefs,
    signatureVerifies: sv.verified,
    ...(sv.algorithm ? { algorithm: sv.algorithm } : {}),
    ...(digest ? { digestAlgorithm: digest } : {}),
    ...(signerCert ? { signerCert } : {}),
    certificates,
    signingCertificate: bindingValue,
    ...(signingTime ? { signingTime } : {}),
    ...(timestamp ? { timestamp } : {}),
    validation,
    failures,
  };
}

function base64List(parent: XElement | undefined, ns: string, local: string): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const e of parent ? xChildren(parent, ns, local) : []) {
    try {
      out.push(decodeBase64(xText(e)));
    } catch {
      // Skipped: undecodable validation data proves nothing.
    }
  }
  return out;
}

function xadesValidationData(x: Xades | undefined): XmlSignatureCheck['validation'] {
  const usp = x?.unsignedSignatureProperties;
  if (!x || !usp) return { certs: [], crls: [], ocsps: [] };
  const certs: CertificateInfo[] = [];
  for (const der of base64List(xChild(usp, x.ns, 'CertificateValues'), x.ns, 'EncapsulatedX509Certificate')) {
    try {
      certs.push(parseCertificate(der));
    } catch {
      // Skipped as above.
    }
  }
  const rv = xChild(usp, x.ns, 'RevocationValues');
  return { certs, crls: base64List(xChild(rv, x.ns, 'CRLValues'), x.ns, 'EncapsulatedCRLValue'), ocsps: base64List(xChild(rv, x.ns, 'OCSPValues'), x.ns, 'EncapsulatedOCSPValue') };
}

function keyInfoCertificates(root: XElement): CertificateInfo[] {
  const out: CertificateInfo[] = [];
  for (const data of xChildren(xChild(root, DSIG_NS, 'KeyInfo') ?? root, DSIG_NS, 'X509Data')) {
    for (const c of xChildren(data, DSIG_NS, 'X509Certificate')) {
      try {
        out.push(parseCertificate(decodeBase64(xText(c))));
      } catch {
        // An unreadable certificate cannot be the signer's.
      }
    }
  }
  return out;
}

interface Xades {
  readonly ns: string;
  readonly signedSignatureProperties?: XElement;
  readonly unsignedSignatureProperties?: XElement;
}

function findXades(root: XElement): Xades | undefined {
  for (const object of xChildren(root, DSIG_NS, 'Object')) {
    for (const ns of XADES) {
      const qp = xChild(object, ns, 'QualifyingProperties');
      if (!qp) continue;
      const ssp = xChild(xChild(qp, ns, 'SignedProperties'), ns, 'SignedSignatureProperties');
      const usp = xChild(xChild(qp, ns, 'UnsignedProperties'), ns, 'UnsignedSignatureProperties');
      return { ns, ...(ssp ? { signedSignatureProperties: ssp } : {}), ...(usp ? { unsignedSignatureProperties: usp } : {}) };
    }
  }
  return undefined;
}

/** The XAdES Cert entries (CertDigest) of SigningCertificate or SigningCertificateV2. */
function xadesCerts(x: Xades | undefined): XElement[] {
  if (!x?.signedSignatureProperties) return [];
  const sc = xChild(x.signedSignatureProperties, x.ns, 'SigningCertificate') ?? xChild(x.signedSignatureProperties, x.ns, 'SigningCertificateV2');
  return sc ? xChildren(sc, x.ns, 'Cert') : [];
}

async function certMatches(subtle: SubtleCrypto, entry: XElement, ns: string, cert: CertificateInfo): Promise<boolean> {
  const cd = xChild(entry, ns, 'CertDigest');
  const digest = digestOfUri(xAttr(xChild(cd, DSIG_NS, 'DigestMethod'), 'Algorithm'));
  if (!digest) return false;
  try {
    return bytesEqual(decodeBase64(xText(xChild(cd, DSIG_NS, 'DigestValue'))), await digestBytes(subtle, digest, cert.der));
  } catch {
    return false;
  }
}

async function pickSigner(subtle: SubtleCrypto, certs: readonly CertificateInfo[], x: Xades | undefined): Promise<CertificateInfo | undefined> {
  for (const entry of xadesCerts(x)) for (const c of certs) if (await certMatches(subtle, entry, x!.ns, c)) return c;
  return certs.find((c) => !c.isCA) ?? certs[0];
}

async function xadesBinding(subtle: SubtleCrypto, x: Xades | undefined, cert: CertificateInfo | undefined): Promise<XmlSignatureCheck['signingCertificate']> {
  const entries = xadesCerts(x);
  if (entries.length === 0 || !cert) return 'absent';
  for (const e of entries) if (await certMatches(subtle, e, x!.ns, cert)) return xChild(x!.signedSignatureProperties, x!.ns, 'SigningCertificateV2') ? 'v2' : 'v1';
  return 'mismatch';
}

function readSigningTime(root: XElement, x: Xades | undefined): Date | undefined {
  const xt = x?.signedSignatureProperties ? xText(xChild(x.signedSignatureProperties, x.ns, 'SigningTime')) : '';
  let text = xt;
  if (!text) {
    for (const object of xChildren(root, DSIG_NS, 'Object')) {
      for (const props of xChildren(object, DSIG_NS, 'SignatureProperties')) {
        for (const p of xChildren(props, DSIG_NS, 'SignatureProperty')) text ||= xText(xChild(xChild(p, OPC_DSIG_NS, 'SignatureTime'), OPC_DSIG_NS, 'Value'));
      }
    }
  }
  const d = text ? new Date(text.trim()) : undefined;
  return d && Number.isFinite(d.getTime()) ? d : undefined;
}

async function signatureValue(subtle: SubtleCrypto, root: XElement, signedInfo: XElement, cert: CertificateInfo | undefined, failures: Failure[]): Promise<{ verified: boolean | null; algorithm?: string }> {
  const methodUri = xAttr(xChild(signedInfo, DSIG_NS, 'SignatureMethod'), 'Algorithm') ?? '';
  const alg: SignatureAlgorithm = signatureMethodOf(methodUri);
  const c14nEl = xChild(signedInfo, DSIG_NS, 'CanonicalizationMethod');
  const c14n = xAttr(c14nEl, 'Algorithm') ?? C14N.inclusive;
  if (!cert) {
    failures.push(fail('NO_SIGNING_CERTIFICATE_FOUND', 'verify/no-signing-certificate', 'The signature carries no certificate in its KeyInfo.', 'INDETERMINATE'));
    return { algorithm: algorithmLabel(alg), verified: null };
  }
  let value: Uint8Array;
  let canonical: string;
  try {
    value = decodeBase64(xText(xChild(root, DSIG_NS, 'SignatureValue')));
    const list = xAttr(xChild(c14nEl, 'http://www.w3.org/2001/10/xml-exc-c14n#', 'InclusiveNamespaces'), 'PrefixList');
    canonical = canonicalizeElement(signedInfo, { algorithm: c14n, ...(list ? { inclusivePrefixes: list.split(/\s+/).filter(Boolean) } : {}) });
  } catch (e) {
    if (!(e instanceof DiagnosticError)) throw e;
    failures.push(fail('FORMAT_FAILURE', 'verify/xml-signature-malformed', `The SignatureValue cannot be checked: ${e.diagnostic.message}`));
    return { algorithm: algorithmLabel(alg), verified: false };
  }
  const outcome = await verifyWithCertificate(subtle, cert, alg, encodeUtf8(canonical), value);
  if ('unsupported' in outcome) {
    failures.push(fail('CRYPTO_CONSTRAINTS_FAILURE', 'verify/unsupported-algorithm', `The signature method ${outcome.unsupported} is not supported by this verifier's WebCrypto.`, 'INDETERMINATE'));
    return { algorithm: algorithmLabel(alg), verified: null };
  }
  if (!outcome.verified) failures.push(fail('SIG_CRYPTO_FAILURE', 'verify/signature-invalid', 'The SignatureValue does not verify over the canonical SignedInfo with the signer certificate.'));
  return { algorithm: algorithmLabel(alg), verified: outcome.verified };
}

/** XAdES SignatureTimeStamp (EN 319 132-1 §5.3): token over the canonical ds:SignatureValue element. */
async function xadesTimestamp(subtle: SubtleCrypto, root: XElement, x: Xades | undefined, trust: TrustContext): Promise<TimestampCheck | undefined> {
  const sts = x?.unsignedSignatureProperties ? xChild(x.unsignedSignatureProperties, x.ns, 'SignatureTimeStamp') : undefined;
  const enc = sts ? xChild(sts, x!.ns, 'EncapsulatedTimeStamp') : undefined;
  const sv = xChild(root, DSIG_NS, 'SignatureValue');
  if (!enc || !sv) return undefined;
  try {
    const token = decodeBase64(xText(enc));
    const algorithm = xAttr(xChild(sts!, DSIG_NS, 'CanonicalizationMethod'), 'Algorithm') ?? C14N.inclusive;
    return await checkTimestampToken(subtle, token, encodeUtf8(canonicalizeElement(sv, { algorithm })), trust);
  } catch (e) {
    if (!(e instanceof DiagnosticError)) throw e;
    return undefined;
  }
}
