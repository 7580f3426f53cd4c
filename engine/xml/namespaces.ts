/**
 * Canonical prefixes for the namespaces OOXML uses.
 *
 * Readers compare qualified names such as `w:p`. A part may bind other prefixes (`ns0:`) or use the
 * Strict OOXML URIs (ISO/IEC 29500 Strict, `http://purl.oclc.org/ooxml/...`); the parser renames such
 * elements and attributes to the canonical prefix so every reader sees one spelling.
 */

const TRANSITIONAL: Record<string, string> = {
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main': 'w',
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships': 'r',
  'http://schemas.openxmlformats.org/drawingml/2006/main': 'a',
  'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing': 'wp',
  'http://schemas.openxmlformats.org/drawingml/2006/picture': 'pic',
  'http://schemas.openxmlformats.org/drawingml/2006/chart': 'c',
  'http://schemas.openxmlformats.org/drawingml/2006/diagram': 'dgm',
  'http://schemas.openxmlformats.org/officeDocument/2006/math': 'm',
  'http://schemas.openxmlformats.org/markup-compatibility/2006': 'mc',
  'http://schemas.openxmlformats.org/package/2006/relationships': 'pr',
  'http://schemas.openxmlformats.org/package/2006/content-types': 'ct',
  'http://schemas.openxmlformats.org/package/2006/metadata/core-properties': 'cp',
  'http://schemas.openxmlformats.org/officeDocument/2006/extended-properties': 'ep',
  'http://schemas.openxmlformats.org/officeDocument/2006/custom-properties': 'op',
  'http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes': 'vt',
  'http://purl.org/dc/elements/1.1/': 'dc',
  'http://purl.org/dc/terms/': 'dcterms',
  'http://purl.org/dc/dcmitype/': 'dcmitype',
  'http://www.w3.org/2001/XMLSchema-instance': 'xsi',
  'urn:schemas-microsoft-com:vml': 'v',
  'urn:schemas-microsoft-com:office:office': 'o',
  'urn:schemas-microsoft-com:office:word': 'w10',
  'http://schemas.microsoft.com/office/word/2010/wordml': 'w14',
  'http://schemas.microsoft.com/office/word/2012/wordml': 'w15',
  'http://schemas.microsoft.com/office/word/2015/wordml/symex': 'w16se',
  'http://schemas.microsoft.com/office/word/2016/wordml/cid': 'w16cid',
  'http://schemas.microsoft.com/office/word/2018/wordml': 'w16',
  'http://schemas.microsoft.com/office/word/2018/wordml/cex': 'w16cex',
  'http://schemas.microsoft.com/office/word/2010/wordprocessingShape': 'wps',
  'http://schemas.microsoft.com/office/word/2010/wordprocessingGroup': 'wpg',
  'http://schemas.microsoft.com/office/word/2010/wordprocessingCanvas': 'wpc',
  'http://schemas.microsoft.com/office/word/2010/wordprocessingInk': 'wpi',
  'http://schemas.microsoft.com/office/word/2010/wordprocessingDrawing': 'wp14',
  'http://schemas.microsoft.com/office/drawing/2010/main': 'a14',
  'http://schemas.microsoft.com/office/drawing/2014/chartex': 'cx',
  'http://schemas.openxmlformats.org/drawingml/2006/lockedCanvas': 'lc',
  'http://schemas.openxmlformats.org/drawingml/2006/chartDrawing': 'cdr',
  'http://www.w3.org/2000/09/xmldsig#': 'ds',
  'http://uri.etsi.org/01903/v1.3.2#': 'xd',
  'http://schemas.openxmlformats.org/package/2006/digital-signature': 'mdssi',
  'http://schemas.microsoft.com/office/2006/digsig': 'dsig',
  'http://www.w3.org/XML/1998/namespace': 'xml',
};

const STRICT: Record<string, string> = {
  'http://purl.oclc.org/ooxml/wordprocessingml/main': 'w',
  'http://purl.oclc.org/ooxml/officeDocument/relationships': 'r',
  'http://purl.oclc.org/ooxml/drawingml/main': 'a',
  'http://purl.oclc.org/ooxml/drawingml/wordprocessingDrawing': 'wp',
  'http://purl.oclc.org/ooxml/drawingml/picture': 'pic',
  'http://purl.oclc.org/ooxml/drawingml/chart': 'c',
  'http://purl.oclc.org/ooxml/drawingml/diagram': 'dgm',
  'http://purl.oclc.org/ooxml/officeDocument/math': 'm',
  'http://purl.oclc.org/ooxml/officeDocument/extendedProperties': 'ep',
  'http://purl.oclc.org/ooxml/officeDocument/customProperties': 'op',
  'http://purl.oclc.org/ooxml/officeDocument/docPropsVTypes': 'vt',
};

/** Namespace URI → canonical prefix, for Transitional and Strict OOXML. */
export const CANONICAL_PREFIX: ReadonlyMap<string, string> = new Map([
  ...Object.entries(TRANSITIONAL),
  ...Object.entries(STRICT),
]);

/** Canonical prefix → the Transitional namespace URI (used when writing new elements). */
export const NAMESPACE_URI: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(TRANSITIONAL).map(([uri, prefix]) => [prefix, uri]),
);

/** True when a namespace URI is a Strict OOXML one. */
export function isStrictNamespace(uri: string): boolean {
  return uri in STRICT;
}
