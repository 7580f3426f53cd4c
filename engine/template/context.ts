/**
 * The state one fill carries through every part: package, ids, options, value resolution, report.
 */
import { abort, type DiagnosticBag, type EngineHost } from '../core';
import type { XmlElement } from '../xml';
import type { IdAllocator } from './ids';
import type { TemplatePackage } from './package';
import type { ValueContext } from './values';
import type { Delimiters, FieldLocation } from './types';

/** Collects filled and missing template field names (first-seen order). */
export class ReportBuilder {
  private readonly filledSet = new Set<string>();
  private readonly missingSet = new Set<string>();

  /** Records a field that received a value. */
  filled(name: string): void {
    this.filledSet.add(name);
  }

  /** Records a field that received none. */
  missing(name: string): void {
    this.missingSet.add(name);
  }

  /** Filled names, and missing names that were never filled elsewhere. */
  result(): { filled: string[]; missing: string[] } {
    return { filled: [...this.filledSet], missing: [...this.missingSet].filter((n) => !this.filledSet.has(n)) };
  }
}

/** Everything the fillers need. */
export interface FillContext {
  readonly pkg: TemplatePackage;
  readonly host: EngineHost;
  readonly bag: DiagnosticBag;
  readonly ids: IdAllocator;
  readonly values: ValueContext;
  readonly report: ReportBuilder;
  readonly delims: Delimiters;
  readonly flatten: boolean;
  readonly removeMissing: boolean;
  /** Width available to an image at its own size, and to a new table (EMU). */
  readonly textWidthEmu: number;
  /** styleId of the document's default table style, if any. */
  readonly defaultTableStyle: string | undefined;
  /** Elements (and text, at textWeight) still allowed to be created (bounds output size). */
  budget: number;
  /** The part being filled. */
  part: string;
  story: FieldLocation['story'];
}

/** Charges `n` new elements against the output budget. */
export function spend(ctx: FillContext, n: number, what: string): void {
  ctx.budget -= n;
  if (ctx.budget < 0) {
    abort('template/too-large', `Filling ${what} would create more elements than the limit allows.`, {
      hint: 'Split the data over several documents, or raise limits.maxFillElements (within maxXmlElements).',
    });
  }
}

/**
 * Characters of text that weigh as much as one element in the output budget. Text counts too: a
 * 100,000-character paragraph is a handful of elements, and repeated 8,000 times it made a string
 * longer than a JS engine can hold.
 */
export const CHARS_PER_ELEMENT = 16;

/** The output budget's weight of `chars` characters of text. */
export function textWeight(chars: number): number {
  return Math.ceil(chars / CHARS_PER_ELEMENT);
}

/** Weighs a subtree for the output budget: its elements, and its text at textWeight. */
export function countElements(nodes: readonly XmlElement[]): number {
  let n = 0;
  let chars = 0;
  const stack: XmlElement[] = [...nodes];
  while (stack.length) {
    const e = stack.pop()!;
    n++;
    for (const c of e.children) {
      if (c.kind === 'element') stack.push(c);
      else if (c.kind === 'text') chars += c.text.length;
    }
  }
  return n + textWeight(chars);
}
