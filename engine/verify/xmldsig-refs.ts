/**
 * XML-DSig references (W3C XML Signature 1.1 §4.4.3): dereferencing a same-document `#id` or an OPC
 * package part URI (`/word/document.xml?ContentType=…`, ECMA-376 Part 2 §13.2.4.6), applying the
 * transforms (canonicalisation, the OPC Relationships Transform), and comparing the digest.
 */
import { bytesEqual, decodeBase64, digestBytes } from '../cms';
import { DiagnosticError, encodeUtf8 } from '../core';
import type { Package, XElement } from '../xmldsig';
import {
  C14N,
  DSIG_NS,
  OPC_DSIG_NS,
  RELATIONSHIP_TRANSFORM,
  canonicalizeDocument,
  canonicalizeElement,
  digestOfUri,
  findById,
  isC14nAlgorithm,
  parseXTree,
  readRelationships,
  relationshipTransformC14n,
  xAttr,
  xChild,
  xChildren,
  xText,
} from '../xmldsig';

const EXC_NS = 'http://www.w3.org/2001/10/xml-exc-c14n#';

/** The outcome of one reference. */
export interface ReferenceResult {
  readonly uri: string;
  /** Verified digest, false when it differs, null when it could not be computed. */
  readonly ok: boolean | null;
  readonly problem?: string;
  /** Package part the reference covers, without the leading slash. */
  readonly part?: string;
  /** For a relationships part: the Ids (or types) selected by the Relationships Transform, all when absent. */
  readonly selected?: { readonly ids: readonly string[]; readonly types: readonly string[] };
}

/** Checks one ds:Reference against the signature document and the package. */
export async function checkReference(subtle: SubtleCrypto, ref: XElement, sigRoot: XElement, pkg: Package): Promise<ReferenceResult> {
  const uri = xAttr(ref, 'URI') ?? '';
  const method = xAttr(xChild(ref, DSIG_NS, 'DigestMethod'), 'Algorithm');
  const digest = digestOfUri(method);
  if (!digest) return { uri, ok: null, problem: `digest method ${method ?? '(none)'} is not supported` };
  let expected: Uint8Array;
  try {
    expected = decodeBase64(xText(xChild(ref, DSIG_NS, 'DigestValue')));
  } catch {
    return { uri, ok: false, problem: 'the DigestValue is not base64' };
  }
  const list = xChild(ref, DSIG_NS, 'Transforms');
  const transforms = list ? xChildren(list, DSIG_NS, 'Transform') : [];
  let data: Deref;
  try {
    data = uri.startsWith('#') ? sameDocument(sigRoot, uri.slice(1), transforms) : packagePart(pkg, uri, transforms);
  } catch (e) {
    if (!(e instanceof DiagnosticError)) throw e;
    // The signed content was readable XML when it was signed; unreadable now means it changed.
    return { uri, ok: false, problem: `the referenced content cannot be canonicalised: ${e.diagnostic.message}` };
  }
  if ('problem' in data) return { uri, ok: data.ok ?? null, problem: data.problem, ...(data.part ? { part: data.part } : {}) };
  const ok = bytesEqual(expected, await digestBytes(subtle, digest, data.bytes));
  return { uri, ok, ...(ok ? {} : { problem: 'the digest does not match: the referenced content was changed' }), ...(data.part ? { part: data.part } : {}), ...(data.selected ? { selected: data.selected } : {}) };
}

type Deref = { bytes: Uint8Array; part?: string; selected?: ReferenceResult['selected'] } | { problem: string; ok?: boolean; part?: string };

function c14nOptions(t: XElement): { algorithm: string; inclusivePrefixes?: string[] } {
  const algorithm = xAttr(t, 'Algorithm') ?? '';
  const inc = xChild(t, EXC_NS, 'InclusiveNamespaces');
  const list = xAttr(inc, 'PrefixList');
  return { algorithm, ...(list ? { inclusivePrefixes: list.split(/\s+/).filter(Boolean) } : {}) };
}

/** A `#id` reference: the element's subtree, canonicalised (inclusive C14N when no transform says otherwise). */
function sameDocument(sigRoot: XElement, id: string, transforms: readonly XElement[]): Deref {
  const target = findById(sigRoot, id);
  if (!target) return { problem: `no element has Id '${id}'`, ok: false };
  let algorithm: { algorithm: string; inclusivePrefixes?: string[] } = { algorithm: C14N.inclusive };
  for (const t of transforms) {
    const a = xAttr(t, 'Algorithm') ?? '';
    if (isC14nAlgorithm(a)) algorithm = c14nOptions(t);
    else return { problem: `transform ${a} is not supported for same-document references` };
  }
  return { bytes: encodeUtf8(canonicalizeElement(target, algorithm)) };
}

/** An OPC part reference (§13.2.4.6): part name, content-type check, then the transforms. */
function packagePart(pkg: Package, uri: string, transforms: readonly XElement[]): Deref {
  const q = uri.indexOf('?');
  const path = decodePart(q >= 0 ? uri.slice(0, q) : uri);
  const query = q >= 0 ? uri.slice(q + 1) : '';
  const declared = /(?:^|&)ContentType=([^&]*)/.exec(query)?.[1];
  const bytes = pkg.read(path);
  if (!bytes) return { problem: `the package has no part ${path}`, ok: false, part: path };
  const actual = pkg.contentType(path);
  if (declared !== undefined && actual !== undefined && decodePart(declared) !== actual) {
    return { problem: `part ${path} has content type ${actual}, but the signature covers ${decodePart(declared)}`, ok: false, part: path };
  }
  let out: Uint8Array = bytes;
  let selected: ReferenceResult['selected'];
  let canonical = false;
  for (const t of transforms) {
    const a = xAttr(t, 'Algorithm') ?? '';
    if (a === RELATIONSHIP_TRANSFORM) {
      const ids = xChildren(t, OPC_DSIG_NS, 'RelationshipReference').map((r) => xAttr(r, 'SourceId') ?? '');
      const types = xChildren(t, OPC_DSIG_NS, 'RelationshipsGroupReference').map((r) => xAttr(r, 'SourceType') ?? '');
      selected = { ids, types };
      out = encodeUtf8(relationshipTransformC14n(readRelationships(out).list, new Set(ids), new Set(types)));
      canonical = true;
    } else if (isC14nAlgorithm(a)) {
      // The Relationships Transform output is already canonical; a following C14N leaves it unchanged.
      if (!canonical) out = encodeUtf8(canonicalizeDocument(parseXTree(new TextDecoder().decode(out)), c14nOptions(t)));
      canonical = true;
    } else return { problem: `transform ${a} is not supported`, part: path };
  }
  return { bytes: out, part: path, ...(selected ? { selected } : {}) };
}

function decodePart(s: string): string {
  try {
    return decodeURIComponent(s).replace(/^\//, '');
  } catch {
    return s.replace(/^\//, '');
  }
}
