/**
 * A checker for OOXML package signatures (ECMA-376 Part 2 §13.2.4): recomputes every SignedInfo
 * reference, every Manifest reference (with the RelationshipTransform), verifies SignatureValue with
 * the embedded certificate, and lists package content the signature does not cover.
 */
import { fail, ok, encodeUtf8, toDiagnostic } from '../../core';
import type { EngineHost, Result } from '../../core';
import type { CertificateInfo } from '../../cms';
import { bufferSource, bytesEqual, curveName, decodeBase64, parseCertificate } from '../../cms';
import type { XmlElement } from '../../xml';
import { CANONICAL_PREFIX, decodeXmlBytes, parseXml, textContent } from '../../xml';
import { openZip } from '../../zip';
import type { PrefixRestore } from './c14n';
import { canonicalize, prefixRestoreFromSource } from './c14n';
import { REL_SIGNATURE, UNSIGNED_RELATIONSHIP_TYPES, readRelationships, relationshipTransform, relsPartOf, sourceOfRels, transformSelectors } from './opc';
import { childNamed, childrenNamed, descendantsNamed, localOf, locate } from './tree';
import { ALG, digestFromUri, signatureMethodFromUri } from './xmldsig';
import { isSignedPart } from './sign-docx';

/** The outcome of one reference. */
export interface ReferenceCheck {
  readonly uri: string;
  readonly ok: boolean;
  readonly reason?: string;
}

/** The report for one signature part. */
export interface DocxSignatureReport {
  readonly part: string;
  readonly signer?: CertificateInfo;
  readonly signatureValueOk: boolean;
  readonly signedInfo: readonly ReferenceCheck[];
  readonly manifest: readonly ReferenceCheck[];
  /** Parts (and relationships as `part#Id`) that signatures normally cover but this one does not: added or unsigned content. */
  readonly unsigned: readonly string[];
  /** Parts left out by convention (document properties, as Word signs): changes there cannot be detected. */
  readonly outsideScope: readonly string[];
  readonly verdict: 'valid' | 'valid-partial' | 'invalid-signature';
  readonly signingTime?: string;
}

/** Checks every package signature of a DOCX. */
export async function verifyDocxSignatures(docx: Uint8Array, host: EngineHost): Promise<Result<DocxSignatureReport[]>> {
  const subtle = host.crypto?.subtle;
  if (!subtle) return fail({ severity: 'error', code: 'sign/no-crypto', message: 'The host gives no WebCrypto implementation.' });
  try {
    const zip = openZip(docx);
    const parts = new Map(zip.entries.filter((e) => !e.name.endsWith('/')).map((e) => [e.name, e] as const));
    const read = (name: string): Uint8Array | undefined => {
      const hit = parts.get(name) ?? [...parts.values()].find((e) => e.name.toLowerCase() === name.toLowerCase());
      return hit ? zip.read(hit) : undefined;
    };
    const reports: DocxSignatureReport[] = [];
    for (const name of signatureParts([...parts.keys()], read)) reports.push(await checkSignature(name, read(name)!, [...parts.keys()], read, subtle));
    return ok(reports);
  } catch (e) {
    // Bad input must give a diagnostic, never an exception across the stage boundary.
    return fail(toDiagnostic('sign', e));
  }
}

function signatureParts(names: string[], read: (n: string) => Uint8Array | undefined): string[] {
  const out = new Set<string>();
  for (const n of names) {
    const src = sourceOfRels(n);
    if (src === undefined || !n.toLowerCase().startsWith('_xmlsignatures/')) continue;
    const dir = src.slice(0, src.lastIndexOf('/') + 1);
    for (const r of readRelationships(read(n)!, n)) if (r.type === REL_SIGNATURE) out.add((dir + r.target).replace(/^\//, ''));
  }
  return [...out].filter((n) => names.includes(n)).sort();
}

async function digestOf(alg: string | undefined, data: Uint8Array, subtle: SubtleCrypto): Promise<Uint8Array | undefined> {
  const d = alg ? digestFromUri(alg) : undefined;
  return d ? new Uint8Array(await subtle.digest(d, bufferSource(data))) : undefined;
}

async function checkSignature(part: string, bytes: Uint8Array, names: string[], read: (n: string) => Uint8Array | undefined, subtle: SubtleCrypto): Promise<DocxSignatureReport> {
  const text = decodeXmlBytes(bytes);
  const doc = parseXml(text, { keepWhitespace: true, part });
  if (!doc.ok) return broken(part, `unparsable: ${doc.errors[0]!.message}`);
  const root = doc.value.root;
  const restore = prefixRestoreFromSource(text, CANONICAL_PREFIX);
  const signedInfoHit = locate(root, (e) => localOf(e.name) === 'SignedInfo', restore);
  if (!signedInfoHit) return broken(part, 'no SignedInfo');
  const signedInfo: ReferenceCheck[] = [];
  for (const ref of childrenNamed(signedInfoHit.el, 'Reference')) signedInfo.push(await checkSameDocument(ref, root, restore, subtle));
  const manifest: ReferenceCheck[] = [];
  const covered = new Set<string>();
  for (const m of descendantsNamed(root, 'Manifest')) for (const ref of childrenNamed(m, 'Reference')) manifest.push(await checkPackageRef(ref, read, covered, subtle));
  const certText = descendantsNamed(root, 'X509Certificate')[0];
  const signer = certText ? parseCertificate(decodeBase64(textContent(certText))) : undefined;
  const value = childNamed(root, 'SignatureValue');
  const method = childNamed(signedInfoHit.el, 'SignatureMethod')?.attrs.Algorithm ?? '';
  const c14nAlg = childNamed(signedInfoHit.el, 'CanonicalizationMethod')?.attrs.Algorithm;
  const signatureValueOk =
    !!signer && !!value && c14nAlg === ALG.c14n && (await verifyValue(signer, method, encodeUtf8(canonicalize(signedInfoHit.el, signedInfoHit.parentCtx, restore)), decodeBase64(textContent(value)), subtle));
  const unsigned = uncovered(names, covered, read);
  const outsideScope = names.filter((n) => n.toLowerCase().startsWith('docprops/') && !covered.has(n));
  const allOk = signatureValueOk && signedInfo.every((r) => r.ok) && manifest.every((r) => r.ok) && manifest.length > 0;
  const time = descendantsNamed(root, 'SigningTime')[0] ?? descendantsNamed(root, 'Value')[0];
  return {
    part,
    ...(signer ? { signer } : {}),
    signatureValueOk,
    signedInfo,
    manifest,
    unsigned,
    outsideScope,
    verdict: !allOk ? 'invalid-signature' : unsigned.length > 0 ? 'valid-partial' : 'valid',
    ...(time ? { signingTime: textContent(time) } : {}),
  };
}

function broken(part: string, reason: string): DocxSignatureReport {
  return { part, signatureValueOk: false, signedInfo: [{ uri: '', ok: false, reason }], manifest: [], unsigned: [], outsideScope: [], verdict: 'invalid-signature' };
}

async function checkSameDocument(ref: XmlElement, root: XmlElement, restore: PrefixRestore, subtle: SubtleCrypto): Promise<ReferenceCheck> {
  const uri = ref.attrs.URI ?? '';
  if (!uri.startsWith('#')) return { uri, ok: false, reason: 'only same-document references are expected in SignedInfo' };
  const hit = locate(root, (e) => e.attrs.Id === uri.slice(1), restore);
  if (!hit) return { uri, ok: false, reason: 'target not found' };
  const transforms = childrenNamed(childNamed(ref, 'Transforms') ?? { kind: 'element', name: '', attrs: {}, children: [] }, 'Transform').map((t) => t.attrs.Algorithm);
  if (transforms.some((t) => t !== ALG.c14n)) return { uri, ok: false, reason: `unsupported transform ${transforms.join(', ')}` };
  const got = await digestOf(childNamed(ref, 'DigestMethod')?.attrs.Algorithm, encodeUtf8(canonicalize(hit.el, hit.parentCtx, restore)), subtle);
  const want = decodeBase64(textContent(childNamed(ref, 'DigestValue')!));
  return got && bytesEqual(got, want) ? { uri, ok: true } : { uri, ok: false, reason: got ? 'digest mismatch' : 'unsupported digest' };
}

async function checkPackageRef(ref: XmlElement, read: (n: string) => Uint8Array | undefined, covered: Set<string>, subtle: SubtleCrypto): Promise<ReferenceCheck> {
  const uri = ref.attrs.URI ?? '';
  const name = decodeURIComponent(uri.split('?')[0]!.replace(/^\//, ''));
  const data = read(name);
  if (!data) return { uri, ok: false, reason: 'part missing' };
  let input = data;
  const transforms = childrenNamed(childNamed(ref, 'Transforms') ?? { kind: 'element', name: '', attrs: {}, children: [] }, 'Transform');
  const relT = transforms.find((t) => t.attrs.Algorithm === ALG.relationship);
  if (relT) {
    const sel = transformSelectors(relT);
    const rels = readRelationships(data, name);
    input = encodeUtf8(relationshipTransform(rels, sel.ids, sel.types));
    for (const r of rels) if (sel.ids.has(r.id) || sel.types.has(r.type)) covered.add(`${name}#${r.id}`);
  } else covered.add(name);
  if (transforms.some((t) => t.attrs.Algorithm !== ALG.relationship && t.attrs.Algorithm !== ALG.c14n)) return { uri, ok: false, reason: 'unsupported transform' };
  const got = await digestOf(childNamed(ref, 'DigestMethod')?.attrs.Algorithm, input, subtle);
  const want = decodeBase64(textContent(childNamed(ref, 'DigestValue')!));
  return got && bytesEqual(got, want) ? { uri, ok: true } : { uri, ok: false, reason: got ? 'digest mismatch' : 'unsupported digest' };
}

/** Signable parts and relationships the signature leaves out (the "valid-partial" facet). */
function uncovered(names: string[], covered: Set<string>, read: (n: string) => Uint8Array | undefined): string[] {
  const out: string[] = [];
  for (const n of names) {
    if (isSignedPart(n) && !covered.has(n)) out.push(n);
    const src = sourceOfRels(n);
    if (src === undefined || !(src === '' || isSignedPart(src))) continue;
    if (relsPartOf(src) !== n) continue;
    for (const r of readRelationships(read(n)!, n)) if (!UNSIGNED_RELATIONSHIP_TYPES.has(r.type) && !covered.has(`${n}#${r.id}`)) out.push(`${n}#${r.id}`);
  }
  return out;
}

async function verifyValue(cert: CertificateInfo, method: string, data: Uint8Array, sig: Uint8Array, subtle: SubtleCrypto): Promise<boolean> {
  const m = signatureMethodFromUri(method);
  if (!m) return false;
  try {
    if (m.scheme === 'rsa-pkcs1') {
      const key = await subtle.importKey('spki', bufferSource(cert.spkiDer), { name: 'RSASSA-PKCS1-v1_5', hash: m.digest }, false, ['verify']);
      return await subtle.verify('RSASSA-PKCS1-v1_5', key, bufferSource(sig), bufferSource(data));
    }
    const key = await subtle.importKey('spki', bufferSource(cert.spkiDer), { name: 'ECDSA', namedCurve: curveName(cert.curve) }, false, ['verify']);
    return await subtle.verify({ name: 'ECDSA', hash: m.digest }, key, bufferSource(sig), bufferSource(data));
  } catch {
    // A key WebCrypto cannot import, or a malformed signature value, is a failed verification.
    return false;
  }
}
