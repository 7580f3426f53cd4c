/**
 * Option and result types of PDF signing.
 */
import type { DigestName } from '../cms';

/** A visible signature widget. */
export interface VisibleSignature {
  /** 1-based page number. */
  readonly page: number;
  /** [x, y, width, height] in points from the lower-left corner of the page's media box. */
  readonly rect: readonly [number, number, number, number];
  /** PNG or JPEG drawn on the left of the box. */
  readonly image?: Uint8Array;
  /** Text lines; by default "Digitally signed by …", the date, the reason and the location. */
  readonly lines?: readonly string[];
}

/** A field lock (ISO 32000-1 §12.8.2.4 FieldMDP; §12.7.4.5 /Lock). */
export interface FieldLock {
  readonly action: 'All' | 'Include' | 'Exclude';
  /** Field names for Include / Exclude. */
  readonly fields?: readonly string[];
  /** ISO 32000-2 /P: 1 no changes, 2 form filling and signing, 3 also annotations. */
  readonly permission?: 1 | 2 | 3;
}

/** The SubFilter of a signature (ISO 32000-1 §12.8.3, ETSI EN 319 142-1). */
export type SignatureSubFilter = 'ETSI.CAdES.detached' | 'adbe.pkcs7.detached';

/** Options of `prepareSignature`. */
export interface PrepareOptions {
  /** `signature` (default) or a document time-stamp (`/Type /DocTimeStamp`, ETSI.RFC3161). */
  readonly kind?: 'signature' | 'timestamp';
  readonly subFilter?: SignatureSubFilter;
  /** Bytes reserved for the CMS (or token) in /Contents. */
  readonly contentsSize: number;
  /** Digest of the byte ranges; SHA-256 by default. */
  readonly digest?: DigestName;
  /** Field name; a new unique `SignatureN` by default. An existing empty signature field of that name is filled. */
  readonly fieldName?: string;
  readonly signerName?: string;
  readonly reason?: string;
  readonly location?: string;
  readonly contactInfo?: string;
  /** Visible widget; invisible when absent. */
  readonly visible?: VisibleSignature;
  /** Certification signature with DocMDP permission P (1 no changes, 2 forms and signing, 3 also annotations). */
  readonly certify?: 1 | 2 | 3;
  readonly lock?: FieldLock;
}

/** A document with a signature placeholder, ready for the CMS. */
export interface PreparedSignature {
  /** The whole new file; /Contents is zero-filled. */
  readonly bytes: Uint8Array;
  /** [0, a, b, c]: bytes 0..a and b..b+c are signed. */
  readonly byteRange: readonly [number, number, number, number];
  /** Offset of the `<` of /Contents. */
  readonly contentsOffset: number;
  /** Bytes available for the CMS. */
  readonly contentsCapacity: number;
  readonly digestAlgorithm: DigestName;
  /** Digest of the signed byte ranges (what the CMS message-digest must carry). */
  readonly digest: Uint8Array;
  readonly fieldName: string;
  readonly signingTime: Date;
  readonly kind: 'signature' | 'timestamp';
}
