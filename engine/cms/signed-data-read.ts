/**
 * CMS SignedData reading (RFC 5652 §5): the parts a time-stamp client and a verifier need —
 * encapsulated content, certificates and signer infos with their raw attribute encodings.
 */
import { abort } from '../core';
import type { Asn1 } from './der-read';
import { children, content, encoding, expectTag, readNode, readOctets, readOid, readSmallInt } from './der-read';
import { OID } from './oids';

/** One attribute: its type and the DER of each value. */
export interface ParsedAttribute {
  readonly type: string;
  readonly values: readonly Uint8Array[];
}

/** A parsed SignerInfo. */
export interface ParsedSignerInfo {
  readonly version: number;
  /** DER of the sid (IssuerAndSerialNumber SEQUENCE or [0] subjectKeyIdentifier). */
  readonly sid: Uint8Array;
  readonly digestAlgorithm: string;
  /** Signed attributes re-tagged as SET OF (0x31), i.e. the bytes that were signed; undefined when absent. */
  readonly signedAttributesDer?: Uint8Array;
  readonly signedAttributes: readonly ParsedAttribute[];
  /** DER of the signatureAlgorithm AlgorithmIdentifier. */
  readonly signatureAlgorithm: Uint8Array;
  readonly signature: Uint8Array;
  readonly unsignedAttributes: readonly ParsedAttribute[];
}

/** A parsed SignedData. */
export interface ParsedSignedData {
  readonly version: number;
  readonly digestAlgorithms: readonly string[];
  readonly eContentType: string;
  readonly eContent?: Uint8Array;
  readonly certificates: readonly Uint8Array[];
  readonly crls: readonly Uint8Array[];
  readonly signerInfos: readonly ParsedSignerInfo[];
}

/** Parses ContentInfo { signedData }; trailing zero padding (PDF /Contents) is ignored. */
export function parseSignedData(der: Uint8Array): ParsedSignedData {
  const ci = expectTag(readNode(der, 0), 0x30, 'ContentInfo');
  const [type, wrapped] = children(ci);
  if (readOid(type!) !== OID.signedData) abort('cms/not-signed-data', 'The CMS object is not SignedData.');
  const parts = children(children(expectTag(wrapped, 0xa0, '[0] content'))[0]!);
  const version = readSmallInt(parts[0]!);
  const digestAlgorithms = children(parts[1]!).map((a) => readOid(children(a)[0]!));
  const encap = children(parts[2]!);
  const eContentType = readOid(encap[0]!);
  const eContent = encap[1] ? readOctets(children(encap[1])[0]!) : undefined;
  let i = 3;
  let certificates: Uint8Array[] = [];
  let crls: Uint8Array[] = [];
  if (parts[i]?.tag === 0xa0) certificates = children(parts[i++]!).filter((c) => c.tag === 0x30).map(encoding);
  if (parts[i]?.tag === 0xa1) crls = children(parts[i++]!).map(encoding);
  const signerInfos = children(expectTag(parts[i], 0x31, 'signerInfos')).map(parseSignerInfo);
  return { version, digestAlgorithms, eContentType, ...(eContent ? { eContent } : {}), certificates, crls, signerInfos };
}

function attributes(node: Asn1 | undefined): ParsedAttribute[] {
  if (!node) return [];
  return children(node).map((a) => {
    const [t, vals] = children(a);
    return { type: readOid(t!), values: children(vals!).map(encoding) };
  });
}

function parseSignerInfo(si: Asn1): ParsedSignerInfo {
  const f = children(si);
  const version = readSmallInt(f[0]!);
  const sid = encoding(f[1]!);
  const digestAlgorithm = readOid(children(f[2]!)[0]!);
  let i = 3;
  let signedNode: Asn1 | undefined;
  if (f[i]?.tag === 0xa0) signedNode = f[i++];
  const signatureAlgorithm = encoding(f[i++]!);
  const signature = readOctets(f[i++]!);
  const unsignedNode = f[i]?.tag === 0xa1 ? f[i] : undefined;
  let signedAttributesDer: Uint8Array | undefined;
  if (signedNode) {
    // RFC 5652 §5.4: the signature covers the attributes with an explicit SET OF tag.
    signedAttributesDer = new Uint8Array(encoding(signedNode));
    signedAttributesDer[0] = 0x31;
  }
  return {
    version,
    sid,
    digestAlgorithm,
    ...(signedAttributesDer ? { signedAttributesDer } : {}),
    signedAttributes: attributes(signedNode),
    signatureAlgorithm,
    signature,
    unsignedAttributes: attributes(unsignedNode),
  };
}

/** The first value of an attribute, or undefined. */
export function findAttribute(list: readonly ParsedAttribute[], type: string): Uint8Array | undefined {
  return list.find((a) => a.type === type)?.values[0];
}

/** The content octets of an OCTET STRING attribute value (message-digest). */
export function attributeOctets(value: Uint8Array): Uint8Array {
  return content(expectTag(readNode(value, 0), 0x04, 'OCTET STRING'));
}
