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

/** The rules a count follows: robust (the default), or the first rules (`robust: false`). */
export interface Rules {
  readonly robust: boolean;
}
export const ROBUST: Rules;

/** Letters and digits only, in lower case. */
export function norm(s: string): string;
/** The keys of a document's page-start marks. */
export function markKeys(xml: string, styles?: string, rules?: Rules): MarkKey[];
/** Where a mark's key opens a page's normalised text, -1 when it does not. */
export function keyOpens(page: string, mark: MarkKey, previous?: string, head?: (before: string) => number, across?: boolean): number;
/** How much of `text`, the start of page `self`, is its running head (0 for none). */
export function runningHead(pages: readonly string[], self: number, text: string): number;
/** The first page (from 0) at or after `from` that a mark's key opens, -1 when none does. */
export function pageOpened(pages: readonly string[], mark: MarkKey, from?: number, rules?: Rules, across?: boolean): number;

/** The page (from 0, -1 for none) each of a document's marks opens, in document order. */
export function pagesOpened(pages: readonly string[], marks: readonly MarkKey[], rules?: Rules, readings?: readonly (readonly string[])[]): number[];

export const KEY: number;
export const MIN_KEY: number;
export const TAIL: number;
export const FAR_TAIL: number;
export const SLACK: number;
export const LABEL: number;
