// Types for scripts/word-pages-keys.mjs (a plain script module), for tests/scripts/word-pages.test.ts.

/** A piece of a key: its text, after up to `gap` letters or digits the XML text does not hold. */
export interface KeyPiece {
  readonly gap: number;
  readonly text: string;
}

/** A page-start mark's key: see markKeys in word-pages-keys.mjs. */
export interface MarkKey {
  readonly mark: number;
  readonly key: string;
  readonly pieces: readonly KeyPiece[];
  readonly lead: number;
  readonly tail: readonly KeyPiece[];
  readonly farTail: readonly KeyPiece[];
  /** How many times the key's text occurs in the body before the mark, and in all. */
  readonly rank: number;
  readonly copies: number;
}

/** Letters and digits only, in lower case. */
export function norm(s: string): string;
/** The keys of a document's page-start marks. */
export function markKeys(xml: string, styles?: string): MarkKey[];
/** Where a mark's key opens a page's normalised text, -1 when it does not. */
export function keyOpens(page: string, mark: MarkKey, previous?: string): number;
/** The first page (from 0) at or after `from` that a mark's key opens, -1 when none does. */
export function pageOpened(pages: readonly string[], mark: MarkKey, from?: number): number;

/** The page (from 0, -1 for none) each of a document's marks opens, in document order. */
export function pagesOpened(pages: readonly string[], marks: readonly MarkKey[]): number[];

export const KEY: number;
export const MIN_KEY: number;
export const TAIL: number;
export const FAR_TAIL: number;
export const SLACK: number;
export const LABEL: number;
