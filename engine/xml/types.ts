/**
 * The XML tree: small mutable objects, plain data (structured-cloneable), no parent pointers.
 */

/** An element. `name` is the canonical qualified name (see namespaces.ts); `attrs` likewise. */
export interface XmlElement {
  readonly kind: 'element';
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}

/** Character data (entity references already decoded). */
export interface XmlText {
  readonly kind: 'text';
  text: string;
  /** Written as a CDATA section in the source; serialised the same way. */
  cdata?: boolean;
}

/** A comment, kept so templates round-trip. */
export interface XmlComment {
  readonly kind: 'comment';
  text: string;
}

/** A processing instruction other than the XML declaration. */
export interface XmlProcessingInstruction {
  readonly kind: 'pi';
  target: string;
  data: string;
}

/** Any node of the tree. */
export type XmlNode = XmlElement | XmlText | XmlComment | XmlProcessingInstruction;

/** A parsed XML part. */
export interface XmlDocument {
  /** The XML declaration's pseudo-attributes (`version`, `encoding`, `standalone`), if present. */
  declaration?: Record<string, string>;
  /** Comments and PIs before the root element. */
  prolog: XmlNode[];
  root: XmlElement;
  /** True when the part used Strict OOXML namespace URIs. */
  strict: boolean;
}
