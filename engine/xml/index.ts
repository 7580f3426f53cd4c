/**
 * xml: a secure XML 1.0 parser and serialiser for OOXML parts.
 * In: part bytes or text. Out: a plain tree with canonical namespace prefixes, or a diagnostic.
 * Must not: expand entities beyond the predefined five, read a DTD, or throw on malformed input.
 */
export type { XmlDocument, XmlElement, XmlNode, XmlText, XmlComment, XmlProcessingInstruction } from './types';
export { parseXml, decodeXmlBytes, type ParseXmlOptions } from './parse';
export { serializeXml, serializeXmlChunks, serializeElement, type SerializeXmlOptions } from './serialize';
export { child, children, attr, textContent, walkElements, element, localName } from './query';
export { escapeText, escapeAttr, decodeEntities } from './entities';
export { CANONICAL_PREFIX, NAMESPACE_URI, isStrictNamespace } from './namespaces';
