/**
 * Finds the fields of a piece of content, in document order: `{{tag}}` runs (isolated first),
 * MERGEFIELDs (simple `w:fldSimple`, §17.16.19, and complex `w:fldChar` begin/separate/end,
 * §17.16.18), content controls (`w:sdt`, §17.5.2) and pictures whose alt text or title names a field.
 * Each token carries its ancestor path from the scanned container, for loops and staleness checks.
 */
import type { XmlElement } from '../xml';
import { parseMergeInstruction, type MergeInstruction } from './merge-instruction';
import { isolateTags, parseTag, tagOfRun, type ParsedTag } from './tags';
import type { Delimiters } from './types';
import { firstChild, tText } from './wml';
import { drawingFrame, findBlip } from './drawing';

interface TokenBase {
  /** Ancestors from the scanned container (first) to the token node's parent (last). */
  readonly path: readonly XmlElement[];
  readonly node: XmlElement;
  /** Inside `mc:Fallback` (a copy of content shown by older readers): filled, not reported. */
  readonly fallback: boolean;
}

/** A `{{...}}` run. */
export interface TagToken extends TokenBase {
  readonly kind: 'tag';
  readonly tag: ParsedTag;
}

/** A MERGEFIELD: `nodes` are the sibling elements from the begin run to the end run (or the fldSimple). */
export interface MergeToken extends TokenBase {
  readonly kind: 'merge';
  readonly instr: MergeInstruction;
  readonly nodes: readonly XmlElement[];
  readonly codeRPr?: XmlElement;
  readonly resultRPr?: XmlElement;
  readonly currentText: string;
}

/** A content control. */
export interface SdtToken extends TokenBase {
  readonly kind: 'sdt';
}

/** A picture whose alt text (`wp:docPr/@descr`) or title names a field; `node` is the `w:drawing`. */
export interface PictureToken extends TokenBase {
  readonly kind: 'picture';
  readonly names: readonly string[];
  /** True when the alt text / title is written as a placeholder (`{{logo}}`). */
  readonly delimited: boolean;
}

/** Any field occurrence. */
export type Token = TagToken | MergeToken | SdtToken | PictureToken;

/** The loop/condition role of a token, if any. */
export function sectionOf(t: Token): { kind: 'open' | 'inverse' | 'close'; name: string } | undefined {
  if (t.kind === 'tag' && t.tag.kind !== 'value') return { kind: t.tag.kind, name: t.tag.name };
  if (t.kind === 'merge' && t.instr.section) return { kind: t.instr.section, name: t.instr.name };
  return undefined;
}

const NO_DESCEND = new Set(['w:rPr', 'w:pPr', 'w:sdtPr', 'w:tblPr', 'w:trPr', 'w:tcPr', 'w:sectPr', 'w:tblGrid', 'w:instrText', 'w:t', 'w:delText', 'w:del', 'w:moveFrom', 'w:sdtEndPr']);
const INLINE_CONTAINERS = new Set(['w:hyperlink', 'w:smartTag', 'w:ins', 'w:customXml', 'w:dir', 'w:bdo', 'w:moveTo', 'w:sdtContent', 'w:sdt']);

/** Scans a container's descendants for fields. `warn` receives structural problems. */
export function collectTokens(container: XmlElement, d: Delimiters, warn: (code: string, message: string) => void): Token[] {
  const tokens: Token[] = [];
  const stack: XmlElement[] = [];
  const fieldStarts = new Map<XmlElement, Omit<MergeToken, 'path' | 'fallback' | 'kind' | 'node'>>();
  const walk = (node: XmlElement, fallback: boolean): void => {
    stack.push(node);
    for (const c of node.children) {
      if (c.kind !== 'element' || NO_DESCEND.has(c.name)) continue;
      switch (c.name) {
        case 'w:p':
          isolateTags(c, d);
          findComplexFields(c, fieldStarts, warn);
          break;
        case 'w:r': {
          const tag = tagOfRun(c, d);
          if (tag) tokens.push({ kind: 'tag', tag, node: c, path: stack.slice(), fallback });
          const field = fieldStarts.get(c);
          if (field) tokens.push({ kind: 'merge', ...field, node: c, path: stack.slice(), fallback });
          break;
        }
        case 'w:fldSimple': {
          const instr = parseMergeInstruction(c.attrs['w:instr'] ?? '');
          if (instr) {
            tokens.push({ kind: 'merge', instr, nodes: [c], node: c, path: stack.slice(), fallback, currentText: textOf(c), ...rPrOf(firstRun(c), 'resultRPr') });
            continue;
          }
          break;
        }
        case 'w:sdt':
          tokens.push({ kind: 'sdt', node: c, path: stack.slice(), fallback });
          break;
        case 'w:drawing': {
          const pic = pictureNames(c, d);
          if (pic) tokens.push({ kind: 'picture', node: c, path: stack.slice(), fallback, ...pic });
          break;
        }
      }
      walk(c, fallback || c.name === 'mc:Fallback');
    }
    stack.pop();
  };
  walk(container, false);
  return tokens;
}

function firstRun(el: XmlElement): XmlElement | undefined {
  return el.children.find((c): c is XmlElement => c.kind === 'element' && c.name === 'w:r');
}

function rPrOf(run: XmlElement | undefined, key: 'resultRPr' | 'codeRPr'): Record<string, XmlElement> {
  const rPr = firstChild(run, 'w:rPr');
  return rPr ? { [key]: rPr } : {};
}

function textOf(el: XmlElement): string {
  let s = '';
  for (const c of el.children) {
    if (c.kind !== 'element') continue;
    if (c.name === 'w:t') s += tText(c);
    else s += textOf(c);
  }
  return s;
}

function pictureNames(drawing: XmlElement, d: Delimiters): { names: string[]; delimited: boolean } | undefined {
  const docPr = firstChild(drawingFrame(drawing), 'wp:docPr');
  if (!docPr || !findBlip(drawing)) return undefined;
  const raw = [docPr.attrs.title, docPr.attrs.descr].filter((s): s is string => typeof s === 'string' && s.trim() !== '').map((s) => s.trim());
  if (raw.length === 0) return undefined;
  const tags = raw.map((s) => parseTag(s, d)).filter((t): t is ParsedTag => t !== undefined && t.kind === 'value');
  if (tags.length > 0) return { names: [tags[0]!.name], delimited: true };
  return { names: raw.filter((s) => s.length <= 256), delimited: false };
}

interface OpenField {
  readonly begin: XmlElement;
  readonly parent: XmlElement;
  instr: string;
  inResult: boolean;
  codeRPr?: XmlElement;
  resultRPr?: XmlElement;
  resultText: string;
}

/** Finds the complex MERGEFIELDs of a paragraph and records them by their begin run. */
function findComplexFields(
  p: XmlElement,
  out: Map<XmlElement, Omit<MergeToken, 'path' | 'fallback' | 'kind' | 'node'>>,
  warn: (code: string, message: string) => void,
): void {
  const open: OpenField[] = [];
  const visit = (container: XmlElement): void => {
    for (const c of container.children) {
      if (c.kind !== 'element') continue;
      if (INLINE_CONTAINERS.has(c.name)) visit(c);
      else if (c.name === 'w:r') visitRun(c, container, open, out, warn);
    }
  };
  visit(p);
  for (const f of open) {
    if (parseMergeInstruction(f.instr)) warn('template/field-spans-paragraphs', 'A MERGEFIELD that spans paragraphs was left as it was.');
  }
}

function visitRun(
  run: XmlElement,
  parent: XmlElement,
  open: OpenField[],
  out: Map<XmlElement, Omit<MergeToken, 'path' | 'fallback' | 'kind' | 'node'>>,
  warn: (code: string, message: string) => void,
): void {
  const rPr = firstChild(run, 'w:rPr');
  for (const rc of run.children) {
    if (rc.kind !== 'element') continue;
    const top = open[open.length - 1];
    if (rc.name === 'w:fldChar') {
      const type = rc.attrs['w:fldCharType'];
      if (type === 'begin') open.push({ begin: run, parent, instr: '', inResult: false, resultText: '' });
      else if (type === 'separate' && top) top.inResult = true;
      else if (type === 'end' && top) {
        open.pop();
        const instr = parseMergeInstruction(top.instr);
        if (!instr) continue;
        if (open.length > 0) warn('template/nested-mergefield', 'A MERGEFIELD nested in another field was left as it was.');
        else if (parent !== top.parent) warn('template/field-structure', `MERGEFIELD ${instr.name} starts and ends in different containers; it was left as it was.`);
        else {
          const from = parent.children.indexOf(top.begin);
          const to = parent.children.indexOf(run);
          const nodes = parent.children.slice(from, to + 1).filter((n): n is XmlElement => n.kind === 'element');
          out.set(top.begin, {
            instr,
            nodes,
            currentText: top.resultText,
            ...(top.codeRPr ? { codeRPr: top.codeRPr } : {}),
            ...(top.resultRPr ? { resultRPr: top.resultRPr } : {}),
          });
        }
      }
    } else if (rc.name === 'w:instrText' && top && !top.inResult) {
      top.instr += tText(rc);
      if (rPr) top.codeRPr ??= rPr;
    } else if (rc.name === 'w:t' && top && top.inResult && open.length === 1) {
      top.resultText += tText(rc);
      if (rPr) top.resultRPr ??= rPr;
    }
  }
}
