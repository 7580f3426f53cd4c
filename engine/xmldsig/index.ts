/**
 * xmldsig: the XML Signature machinery shared by DOCX signing (engine/sign) and checking
 * (engine/verify) — a prefix-preserving XML parser, Canonical XML 1.0 / Exclusive C14N over it,
 * XML-DSig algorithm URIs, and the OPC package view a package signature refers to (content types,
 * relationships, the Relationships Transform).
 * In: part bytes and text. Out: plain trees, canonical strings, package lookups.
 * Must not: expand entities or read a DTD, verify or make signatures (that is sign's and verify's).
 */
export { parseXTree, inScopeNamespaces, xChildren, xChild, xText, xAttr, findById } from './xml-tree';
export type { XDocument, XElement, XAttr, XNode } from './xml-tree';
export { C14N, isC14nAlgorithm, canonicalizeDocument, canonicalizeElement } from './c14n';
export type { C14nOptions } from './c14n';
export { DSIG_NS, OPC_DSIG_NS, digestOfUri, digestUri, signatureMethodOf, signatureMethodUri } from './algorithms';
export {
  RELS_NS,
  RELATIONSHIP_TRANSFORM,
  REL_SIGNATURE,
  REL_SIGNATURE_ORIGIN,
  UNSIGNED_BY_DESIGN,
  openPackage,
  readContentTypes,
  contentTypeOf,
  relsPartOf,
  sourceOfRels,
  resolveTarget,
  readRelationships,
  relationshipTransformC14n,
} from './opc';
export type { Package, Relationship, ContentTypes } from './opc';
