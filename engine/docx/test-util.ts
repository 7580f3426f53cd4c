/**
 * Test helpers for the docx reader's unit tests: parse a fixture made by makeDocx and pick out
 * paragraphs, runs and tables.
 */
import type { Block, DocModel, Paragraph, Table, TextRun } from '../model';
import { makeDocx, type MakeDocxOptions } from '../../tests/helpers/make-docx';
import { parseDocx, type ParseDocxOptions } from './index';

/** Parses a fixture, throwing on failure (tests then show the diagnostics). */
export function parseFixture(o: MakeDocxOptions | string, options: ParseDocxOptions = {}, now?: Date): DocModel {
  const r = parseDocx(makeDocx(o), options, now ? { now: () => now } : {});
  if (!r.ok) throw new Error(r.errors.map((e) => `${e.code}: ${e.message}`).join('\n'));
  return r.value;
}

/** Parses a fixture and returns the result with its warnings. */
export function parseWithWarnings(o: MakeDocxOptions | string, options: ParseDocxOptions = {}) {
  return parseDocx(makeDocx(o), options, {});
}

/** All body blocks, across sections. */
export function bodyBlocks(doc: DocModel): Block[] {
  return doc.sections.flatMap((s) => s.blocks);
}

/** Top-level body paragraphs. */
export function bodyParagraphs(doc: DocModel): Paragraph[] {
  return bodyBlocks(doc).filter((b): b is Paragraph => b.kind === 'paragraph');
}

/** Top-level body tables. */
export function bodyTables(doc: DocModel): Table[] {
  return bodyBlocks(doc).filter((b): b is Table => b.kind === 'table');
}

/** Text runs of a paragraph. */
export function textRuns(p: Paragraph): TextRun[] {
  return p.inlines.filter((i): i is TextRun => i.kind === 'text');
}

/** The plain text of a paragraph (text runs only). */
export function plainText(p: Paragraph): string {
  return textRuns(p).map((t) => t.text).join('');
}
