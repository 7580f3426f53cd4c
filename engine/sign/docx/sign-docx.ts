/**
 * OOXML package signatures as Word writes them (ECMA-376 Part 2 §13; MS-OFFCRYPTO §2.5.2 for the
 * Office object): an XML-DSig signature part under _xmlsignatures with a Manifest of the package's
 * parts (relationship parts through the RelationshipTransform), the idOfficeObject with
 * SignatureInfoV1, XAdES SignedProperties with the signing certificate and time (ETSI EN 319 132),
 * the origin part and the relationships that reach them.
 */
import { abort, fail, hostNow, ok, encodeUtf8, toDiagnostic } from '../../core';
import type { EngineHost, Result } from '../../core';
import type { CmsSigner, DigestName } from '../../cms';
import { bufferSource, curveBytes, curveName, ecdsaDerToRaw, encodeBase64 } from '../../cms';
import type { ContentTypes, XElement } from '../../xmldsig';
import {
  C14N,
  DSIG_NS,
  OPC_DSIG_NS,
  RELATIONSHIP_TRANSFORM,
  REL_SIGNATURE,
  REL_SIGNATURE_ORIGIN,
  canonicalizeElement,
  contentTypeOf,
  digestUri,
  findById,
  parseXTree,
  readContentTypes,
  readRelationships,
  relationshipTransformC14n,
  relsPartOf,
  signatureMethodUri,
  xChild,
} from '../../xmldsig';
import { openZip, writeZip } from '../../zip';
import { CT_ORIGIN, CT_RELS, CT_SIGNATURE, UNSIGNED_RELATIONSHIP_TYPES, partText } from './opc';
import { NS, REFERENCE_TYPE, bytesToDecimal, xmlAttr, xmlText, xsdDateTime } from './xmldsig';

/** Options of `signDocx`. */
export interface SignDocxOptions {
  readonly signer: CmsSigner;
  /** "Purpose for signing" shown by Word (SignatureComments). */
  readonly comments?: string;
  /** Digest for references and the signature; SHA-256 by default. */
  readonly digest?: DigestName;
}

type Parts = Map<string, Uint8Array>;

/** Signs a DOCX (any OPC package) and returns the new package. */
export async function signDocx(docx: Uint8Array, options: SignDocxOptions, host: EngineHost): Promise<Result<Uint8Array>> {
  const subtle = host.crypto?.subtle;
  if (!subtle) return fail({ severity: 'error', code: 'sign/no-crypto', message: 'The host gives no WebCrypto implementation.' });
  if (options.signer.scheme === 'rsa-pss') {
    return fail({ severity: 'error', code: 'sign/docx-unsupported-algorithm', message: 'Office does not accept RSA-PSS package signatures.', hint: 'Sign DOCX files with RSA PKCS#1 v1.5 or ECDSA.' });
  }
  try {
    const zip = openZip(docx);
    const order = zip.entries.map((e) => e.name).filter((n) => !n.endsWith('/'));
    const parts: Parts = new Map(order.map((n) => [n, zip.read(n)]));
    if (!parts.has('[Content_Types].xml')) abort('sign/docx-not-opc', 'The package has no [Content_Types].xml; it is not an OOXML document.');
    const sigPart = nextSignaturePart(parts);
    const added = attachSignaturePart(parts, sigPart);
    const ct = readContentTypes(parts.get('[Content_Types].xml')!);
    const digest = options.digest ?? options.signer.digest;
    const manifest = await manifestReferences(parts, ct, digest, subtle);
    const xml = await buildSignatureXml(manifest, options, digest, hostNow(host), subtle);
    parts.set(sigPart, encodeUtf8(xml));
    const names = [...order, ...added.filter((n) => !order.includes(n)), sigPart];
    return ok(writeZip(names.map((name) => ({ name, data: parts.get(name)! }))));
  } catch (e) {
    // Bad input must give a diagnostic, never an exception across the stage boundary.
    return fail(toDiagnostic('sign', e));
  }
}

function nextSignaturePart(parts: Parts): string {
  for (let i = 1; ; i++) if (![...parts.keys()].some((n) => n.toLowerCase() === `_xmlsignatures/sig${i}.xml`)) return `_xmlsignatures/sig${i}.xml`;
}

function insertBefore(bytes: Uint8Array, closing: string, fragment: string): Uint8Array {
  const text = partText(bytes);
  const at = text.lastIndexOf(closing);
  if (at < 0) abort('sign/docx-bad-part', `A package part lacks its ${closing} end tag.`);
  return encodeUtf8(text.slice(0, at) + fragment + text.slice(at));
}

function freeId(existing: readonly { id: string }[], base: string): string {
  for (let i = 1; ; i++) if (!existing.some((r) => r.id === `${base}${i}`)) return `${base}${i}`;
}

const EMPTY_RELS = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>';

/** Adds the origin relationship and part, the signature relationship and the content types (textual edits keep the rest byte-identical). */
function attachSignaturePart(parts: Parts, sigPart: string): string[] {
  const added: string[] = [];
  const pkgRels = parts.get('_rels/.rels');
  if (!pkgRels) abort('sign/docx-not-opc', 'The package has no _rels/.rels.');
  const rels = readRelationships(pkgRels).list;
  let origin = rels.find((r) => r.type === REL_SIGNATURE_ORIGIN)?.target.replace(/^\//, '');
  if (!origin) {
    origin = '_xmlsignatures/origin.sigs';
    parts.set('_rels/.rels', insertBefore(pkgRels, '</Relationships>', `<Relationship Id="${freeId(rels, 'rId')}" Type="${REL_SIGNATURE_ORIGIN}" Target="${origin}"/>`));
  }
  if (!parts.has(origin)) {
    parts.set(origin, new Uint8Array(0));
    added.push(origin);
  }
  const originRels = relsPartOf(origin);
  if (!parts.has(originRels)) {
    parts.set(originRels, encodeUtf8(EMPTY_RELS));
    added.push(originRels);
  }
  const sigRels = readRelationships(parts.get(originRels)!).list;
  const target = sigPart.slice(sigPart.lastIndexOf('/') + 1);
  parts.set(originRels, insertBefore(parts.get(originRels)!, '</Relationships>', `<Relationship Id="${freeId(sigRels, 'rId')}" Type="${REL_SIGNATURE}" Target="${target}"/>`));
  const ct = readContentTypes(parts.get('[Content_Types].xml')!);
  let types = '';
  if (contentTypeOf(ct, origin) !== CT_ORIGIN) types += `<Override PartName="/${origin}" ContentType="${CT_ORIGIN}"/>`;
  types += `<Override PartName="/${sigPart}" ContentType="${CT_SIGNATURE}"/>`;
  parts.set('[Content_Types].xml', insertBefore(parts.get('[Content_Types].xml')!, '</Types>', types));
  return added;
}

/** One Manifest reference. */
export interface ManifestReference {
  readonly uri: string;
  readonly digest: string;
  /** Relationship Ids signed through the RelationshipTransform (relationship parts only). */
  readonly relationshipIds?: readonly string[];
}

/** True for parts a package signature covers: not content types, signatures, document properties or relationship parts. */
export function isSignedPart(name: string): boolean {
  const lower = name.toLowerCase();
  return lower !== '[content_types].xml' && !lower.startsWith('_xmlsignatures/') && !lower.startsWith('docprops/') && !lower.endsWith('.rels');
}

async function manifestReferences(parts: Parts, ct: ContentTypes, digest: DigestName, subtle: SubtleCrypto): Promise<ManifestReference[]> {
  const hash = async (b: Uint8Array): Promise<string> => encodeBase64(new Uint8Array(await subtle.digest(digest, bufferSource(b))));
  const out: ManifestReference[] = [];
  const signed = [...parts.keys()].filter(isSignedPart).sort();
  for (const name of ['', ...signed]) {
    const relsPart = relsPartOf(name);
    const rels = parts.get(relsPart);
    if (rels) {
      const list = readRelationships(rels).list;
      const ids = list.filter((r) => !UNSIGNED_RELATIONSHIP_TYPES.has(r.type)).map((r) => r.id);
      if (ids.length > 0) {
        out.push({ uri: `/${relsPart}?ContentType=${CT_RELS}`, digest: await hash(encodeUtf8(relationshipTransformC14n(list, new Set(ids)))), relationshipIds: ids });
      }
    }
    if (name === '') continue;
    const type = contentTypeOf(ct, name);
    if (!type) abort('sign/docx-no-content-type', `Part /${name} has no content type.`, { at: name });
    out.push({ uri: `/${name}?ContentType=${type}`, digest: await hash(parts.get(name)!) });
  }
  return out;
}

function referenceXml(r: ManifestReference, digestAlg: string): string {
  const transforms = r.relationshipIds
    ? `<Transforms><Transform Algorithm="${RELATIONSHIP_TRANSFORM}">${r.relationshipIds.map((id) => `<mdssi:RelationshipReference SourceId="${xmlAttr(id)}"/>`).join('')}</Transform><Transform Algorithm="${C14N.inclusive}"/></Transforms>`
    : '';
  return `<Reference URI="${xmlAttr(r.uri)}">${transforms}<DigestMethod Algorithm="${digestAlg}"/><DigestValue>${r.digest}</DigestValue></Reference>`;
}

async function buildSignatureXml(manifest: ManifestReference[], o: SignDocxOptions, digest: DigestName, time: Date, subtle: SubtleCrypto): Promise<string> {
  const d = digestUri(digest);
  const cert = o.signer.certificate;
  const certDigest = encodeBase64(new Uint8Array(await subtle.digest(digest, bufferSource(cert.der))));
  const packageObject =
    `<Object Id="idPackageObject" xmlns:mdssi="${OPC_DSIG_NS}"><Manifest>${manifest.map((r) => referenceXml(r, d)).join('')}</Manifest>` +
    `<SignatureProperties><SignatureProperty Id="idSignatureTime" Target="#idPackageSignature"><mdssi:SignatureTime><mdssi:Format>YYYY-MM-DDThh:mm:ssTZD</mdssi:Format><mdssi:Value>${xsdDateTime(time)}</mdssi:Value></mdssi:SignatureTime></SignatureProperty></SignatureProperties></Object>`;
  const officeObject =
    `<Object Id="idOfficeObject"><SignatureProperties><SignatureProperty Id="idOfficeV1Details" Target="#idPackageSignature"><SignatureInfoV1 xmlns="${NS.dsig}">` +
    `<SetupID></SetupID><SignatureText></SignatureText><SignatureImage></SignatureImage><SignatureComments>${xmlText(o.comments ?? '')}</SignatureComments>` +
    `<WindowsVersion>10.0</WindowsVersion><OfficeVersion>16.0</OfficeVersion><ApplicationVersion>16.0</ApplicationVersion><Monitors>1</Monitors><HorizontalResolution>1920</HorizontalResolution><VerticalResolution>1080</VerticalResolution><ColorDepth>32</ColorDepth>` +
    `<SignatureProviderId>{00000000-0000-0000-0000-000000000000}</SignatureProviderId><SignatureProviderUrl></SignatureProviderUrl><SignatureProviderDetails>9</SignatureProviderDetails><SignatureType>1</SignatureType></SignatureInfoV1></SignatureProperty></SignatureProperties></Object>`;
  const xadesObject =
    `<Object><xd:QualifyingProperties xmlns:xd="${NS.xd}" Target="#idPackageSignature"><xd:SignedProperties Id="idSignedProperties"><xd:SignedSignatureProperties>` +
    `<xd:SigningTime>${xsdDateTime(time)}</xd:SigningTime><xd:SigningCertificate><xd:Cert><xd:CertDigest><DigestMethod Algorithm="${d}"/><DigestValue>${certDigest}</DigestValue></xd:CertDigest>` +
    `<xd:IssuerSerial><X509IssuerName>${xmlText(cert.issuer)}</X509IssuerName><X509SerialNumber>${bytesToDecimal(cert.serial)}</X509SerialNumber></xd:IssuerSerial></xd:Cert></xd:SigningCertificate>` +
    `<xd:SignaturePolicyIdentifier><xd:SignaturePolicyImplied></xd:SignaturePolicyImplied></xd:SignaturePolicyIdentifier></xd:SignedSignatureProperties></xd:SignedProperties></xd:QualifyingProperties></Object>`;
  const keyInfo = `<KeyInfo><X509Data>${[cert, ...o.signer.chain].map((c) => `<X509Certificate>${encodeBase64(c.der)}</X509Certificate>`).join('')}</X509Data></KeyInfo>`;
  const assemble = (signedInfo: string, value: string): string =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<Signature xmlns="${DSIG_NS}" Id="idPackageSignature">${signedInfo}<SignatureValue>${value}</SignatureValue>${keyInfo}${packageObject}${officeObject}${xadesObject}</Signature>`;
  const draft = assemble('<SignedInfo></SignedInfo>', '');
  const refs: string[] = [];
  for (const [id, type, transform] of [
    ['idPackageObject', REFERENCE_TYPE.object, false],
    ['idOfficeObject', REFERENCE_TYPE.object, false],
    ['idSignedProperties', REFERENCE_TYPE.signedProperties, true],
  ] as const) {
    const c14n = canonical(draft, (root) => findById(root, id), `#${id}`);
    const value = encodeBase64(new Uint8Array(await subtle.digest(digest, bufferSource(encodeUtf8(c14n)))));
    refs.push(`<Reference Type="${type}" URI="#${id}">${transform ? `<Transforms><Transform Algorithm="${C14N.inclusive}"/></Transforms>` : ''}<DigestMethod Algorithm="${d}"/><DigestValue>${value}</DigestValue></Reference>`);
  }
  const method = signatureMethodUri(o.signer.scheme, digest);
  if (!method) abort('sign/docx-unsupported-algorithm', `No XML-DSig signature method for ${o.signer.scheme}.`);
  const signedInfo = `<SignedInfo><CanonicalizationMethod Algorithm="${C14N.inclusive}"/><SignatureMethod Algorithm="${method}"/>${refs.join('')}</SignedInfo>`;
  const withInfo = assemble(signedInfo, '');
  const toSign = encodeUtf8(canonical(withInfo, (root) => xChild(root, DSIG_NS, 'SignedInfo'), 'SignedInfo'));
  let value = await o.signer.sign(toSign);
  if (o.signer.scheme === 'ecdsa') value = ecdsaDerToRaw(value, curveBytes(curveName(o.signer.certificate.curve)));
  return assemble(signedInfo, encodeBase64(value));
}

/**
 * Canonical XML 1.0 (inclusive, without comments) of one element of the signature XML we built,
 * computed from its text exactly as a verifier will (engine/xmldsig: prefixes kept as written).
 */
function canonical(xml: string, pick: (root: XElement) => XElement | undefined, what: string): string {
  let el: XElement | undefined;
  try {
    el = pick(parseXTree(xml).root);
  } catch (e) {
    abort('sign/internal', `The signature XML we built does not parse: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!el) abort('sign/internal', `Element ${what} is missing from the signature XML.`);
  return canonicalizeElement(el, { algorithm: C14N.inclusive });
}
