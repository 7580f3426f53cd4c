/**
 * Hard limits on untrusted input, checked before work is done. A caller may lower or raise them;
 * every reader of sizes, counts, depths and offsets compares against these.
 */

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
   * 16 and each of its characters one. It bounds the memory of the laid-out pages (about 80 bytes a
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
  maxXmlDepth: 256,
  maxXmlAttributes: 512,
  maxXmlElements: 3_000_000,
  maxPages: 20_000,
  maxLayoutUnits: 6_000_000,
  maxDrawnUnits: 10_000_000,
  maxFillElements: 2_000_000,
};

/** Merges caller overrides into the defaults. */
export function resolveLimits(overrides?: Partial<InputLimits>): InputLimits {
  return overrides ? { ...DEFAULT_LIMITS, ...overrides } : DEFAULT_LIMITS;
}
