/**
 * Hard limits on untrusted input, checked before work is done. A caller may lower or raise them;
 * every reader of sizes, counts, depths and offsets compares against these.
 */
import type { Diagnostic } from './diagnostics';

/** Resource limits applied to DOCX packages and XML parts. */
export interface InputLimits {
  /** Largest accepted input file in bytes. */
  readonly maxInputBytes: number;
  /** Largest total uncompressed size of all zip entries. */
  readonly maxTotalUncompressedBytes: number;
  /** Largest uncompressed size of one entry. */
  readonly maxEntryUncompressedBytes: number;
  /** Largest number of zip entries. */
  readonly maxEntries: number;
  /** Largest ratio of uncompressed to compressed size for one entry (zip bombs). */
  readonly maxCompressionRatio: number;
  /**
   * Largest XML part in bytes, checked before it is decoded and parsed. Its text is held whole while
   * the tree is built, two bytes a character where it has any beyond Latin-1: a 300 MB part (under
   * the entry limit) ran a 1 GB heap out while parsing. 3 million elements of run-heavy text, the
   * element budget, are 82 MB of XML.
   */
  readonly maxXmlPartBytes: number;
  /** Deepest XML element nesting. */
  readonly maxXmlDepth: number;
  /** Most attributes on one element. */
  readonly maxXmlAttributes: number;
  /**
   * Most elements in a package's XML parts together (each part's count adds to one budget). The
   * tree, the model built from it and the pages laid out from them cost some 250 bytes an element
   * of run-heavy text: the default, 3 million, converted (576 pages) in 825 MB, within the
   * server's 1 GB per job. The dev corpus's largest part has 100,000 elements.
   */
  readonly maxXmlElements: number;
  /** Most pages the layout may produce before it stops with a diagnostic. */
  readonly maxPages: number;
  /**
   * Most layout units one layout pass may hold (engine/layout/budget.ts): each line laid out counts
   * 16, each of its characters one and each shaped piece (a word, or its part in one run and face) four, each character off the fast shaping path (far-off scripts, marks) four more. It bounds the memory of the laid-out pages (about 80 bytes a
   * unit) where pages are many and small; the default is some 2,400 pages of dense text.
   */
  readonly maxLayoutUnits: number;
  /**
   * Most units the pages of a document may draw (engine/layout/budget.ts): each glyph, path command
   * and other item one. It bounds the time and output of content drawn again and again (a header on
   * every page, one picture placed many times); the default is some 11 times the largest document of
   * the dev corpus.
   */
  readonly maxDrawnUnits: number;
  /**
   * Most drawn units the glows and reflections of a document's text may add (engine/layout/budget.ts),
   * within maxDrawnUnits: each glyph's outline is drawn again for every ring of a glow and band of a
   * reflection (up to 14 times, some 30 curves a glyph), and 5.7 million units of them took 17 s to
   * write. Past it they are left out, the text itself still drawn, with a `layout/effects-budget`
   * warning rather than an error. The default, a million, is 22 times what the dev corpus's only text
   * effects (oxsdk-Complex01) spend.
   */
  readonly maxEffectUnits: number;
  /**
   * Most elements a template fill may create (engine/template/context.ts; text weighs one element
   * per 16 characters), within maxXmlElements. A filled element is held as a node of about 170
   * bytes until the package is written: 10 million of them took 1.8 GB before the fill stopped.
   */
  readonly maxFillElements: number;
}

/** Defaults generous enough for real business documents, tight enough for hostile ones. */
export const DEFAULT_LIMITS: InputLimits = {
  maxInputBytes: 200 * 1024 * 1024,
  maxTotalUncompressedBytes: 1024 * 1024 * 1024,
  maxEntryUncompressedBytes: 512 * 1024 * 1024,
  maxEntries: 20_000,
  maxCompressionRatio: 1000,
  maxXmlPartBytes: 128 * 1024 * 1024,
  maxXmlDepth: 256,
  maxXmlAttributes: 512,
  maxXmlElements: 3_000_000,
  maxPages: 20_000,
  maxLayoutUnits: 6_000_000,
  maxDrawnUnits: 10_000_000,
  maxEffectUnits: 1_000_000,
  maxFillElements: 2_000_000,
};

/** Merges caller overrides into the defaults. */
export function resolveLimits(overrides?: Partial<InputLimits>): InputLimits {
  return overrides ? { ...DEFAULT_LIMITS, ...overrides } : DEFAULT_LIMITS;
}

/** The diagnostic for an XML part past limits.maxXmlPartBytes: the whole conversion stops (a part skipped would lose its content). */
export function xmlPartTooLarge(part: string, bytes: number, limit: number): Diagnostic {
  return {
    severity: 'error',
    code: 'xml/part-too-large',
    message: `The XML part ${part} has ${bytes} bytes; the limit is ${limit}.`,
    hint: 'Raise limits.maxXmlPartBytes if the document is genuine.',
    at: part,
  };
}
