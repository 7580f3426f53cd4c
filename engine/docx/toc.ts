/**
 * Table of contents regeneration (TOC field, §17.16.5.68): the cached result of each body TOC is
 * replaced by entries built from the document's headings — paragraphs whose outline level is in
 * the `\o` range (or, with `\u`, any applied outline level), and paragraphs of the styles `\t`
 * names. Entries take the "toc N" paragraph styles, a right tab with dot leaders at the text
 * margin (or the `\p` separator), the heading's list number and text, and a PAGEREF to a bookmark
 * on the heading (added when the heading has none) that layout fills in; with `\h` they link to it.
 * Locked TOCs, TOCs built from TC fields, captions or bookmarks (\f \l \c \a \b \s \d), TOCs in
 * tables and TOCs that would be empty keep their cached result, with a warning.
 */
import type { Block, FieldInline, Inline, Paragraph, Section } from '../model';
import { escapeAttr, escapeText, parseXml } from '../xml';
import { readBlocks } from './blocks';
import type { DocxContext } from './context';
import { hasSwitch, switchArg } from './fields';
import { newStory } from './stories';

/** A heading that becomes a TOC entry. */
export interface TocHeading {
  readonly level: number;
  readonly text: string;
  readonly label?: string;
  readonly labelTab: boolean;
  /** Index of the heading paragraph in the flattened body. */
  readonly at: number;
}

/** Switches that build entries from something else than headings; such TOCs keep their cached result. */
const UNSUPPORTED_SWITCHES = ['\\f', '\\l', '\\c', '\\a', '\\b', '\\s', '\\d'];
/** Most entries a regenerated TOC holds. */
const MAX_ENTRIES = 5000;

/** Regenerates every body TOC field from the headings; returns the sections unchanged when there is none. */
export function regenerateTocs(ctx: DocxContext, sections: readonly Section[]): Section[] {
  const flat: Array<{ s: number; b: number; p: Paragraph }> = [];
  sections.forEach((sec, s) => sec.blocks.forEach((b, i) => b.kind === 'paragraph' && flat.push({ s, b: i, p: b })));
  const tocs = findTocs(flat.map((f) => f.p));
  if (tocs.length === 0) return [...sections];
  const replaced = new Map<string, Block[]>();
  const bookmarks = new Map<number, string>();
  let serial = 0;
  for (const toc of tocs) {
    const why = unsupportedReason(toc.field);
    if (why) {
      ctx.bag.warn('docx/toc-kept', `A TOC field (${toc.field.rawInstruction.slice(0, 80)}) keeps its cached result: ${why}.`, { at: flat[toc.start]!.p.at ?? ctx.pkg.mainPart });
      continue;
    }
    const headings = collectHeadings(ctx, flat.map((f) => f.p), toc, tocs);
    if (headings.length === 0) {
      ctx.bag.warn('docx/toc-kept', 'A TOC field keeps its cached result: the document has no headings in its levels.', { at: flat[toc.start]!.p.at ?? ctx.pkg.mainPart });
      continue;
    }
    for (const h of headings) if (!bookmarks.has(h.at)) bookmarks.set(h.at, existingTocBookmark(flat[h.at]!.p) ?? `_TocColophon${++serial}`);
    const section = sections[flat[toc.start]!.s]!.props;
    const widthPt = section.pageWidthPt - section.margins.left - section.margins.right - section.margins.gutter;
    const cachedProps = new Map<string, Paragraph['props']>();
    for (let i = toc.start; i <= toc.end; i++) {
      const p = flat[i]!.p;
      // Only entries with Word's page-number tab (right-aligned) are a model for new ones.
      if (p.props.styleId && !cachedProps.has(p.props.styleId) && p.props.tabs.some((t) => t.alignment === 'right')) cachedProps.set(p.props.styleId, p.props);
    }
    // Entries keep the paragraph properties Word gave the cached entries of their level (tab stops for
    // the number and the page, indents); levels the cache lacks take their "toc N" style.
    const entries = buildEntries(ctx, toc.field, headings, bookmarks, flat.map((f) => f.p), widthPt).map((b) => {
      const props = b.kind === 'paragraph' && b.props.styleId ? cachedProps.get(b.props.styleId) : undefined;
      if (!props || b.kind !== 'paragraph') return b;
      const { list: _cachedList, ...rest } = props;
      return { ...b, props: { ...rest, ...(b.props.list ? { list: b.props.list } : {}) } };
    });
    const first = flat[toc.start]!;
    const out: Block[] = [];
    const before = toc.prefix;
    if (before.some(isVisible)) out.push({ ...first.p, inlines: [...before, { ...toc.field, result: [], continues: false }] });
    out.push(...entries);
    const last = flat[toc.end]!.p;
    if (toc.end !== toc.start || toc.suffix.length > 0) {
      // The paragraph holding the field end: kept when it holds nothing else (Word shows it as an empty line).
      if (toc.end !== toc.start && !toc.endPrefix.some(isVisible)) out.push(last);
      else if (toc.suffix.some(isVisible)) out.push({ ...last, inlines: toc.suffix });
    }
    replaced.set(`${first.s}:${first.b}`, out);
    for (let i = toc.start + 1; i <= toc.end; i++) replaced.set(`${flat[i]!.s}:${flat[i]!.b}`, []);
  }
  const marked = new Map<string, Paragraph>();
  for (const [at, name] of bookmarks) marked.set(`${flat[at]!.s}:${flat[at]!.b}`, withBookmark(flat[at]!.p, name, at));
  return sections.map((sec, s) => ({
    ...sec,
    blocks: sec.blocks.flatMap((b, i) => replaced.get(`${s}:${i}`) ?? [marked.get(`${s}:${i}`) ?? b]),
  }));
}

/** A TOC field in the body: where its result starts and ends (indices into the flat paragraph list). */
interface FoundToc {
  readonly field: FieldInline;
  readonly start: number;
  readonly end: number;
  /** Inlines of the first paragraph before the field. */
  readonly prefix: readonly Inline[];
  /** Inlines of the last paragraph before and after the field end. */
  readonly endPrefix: readonly Inline[];
  readonly suffix: readonly Inline[];
}

function findTocs(paras: readonly Paragraph[]): FoundToc[] {
  const out: FoundToc[] = [];
  for (let i = 0; i < paras.length; i++) {
    const inl = paras[i]!.inlines;
    const k = inl.findIndex((x) => x.kind === 'field' && x.instruction.name === 'TOC' && !x.closes);
    if (k < 0) continue;
    const field = inl[k] as FieldInline;
    if (!field.continues) {
      out.push({ field, start: i, end: i, prefix: inl.slice(0, k), endPrefix: [], suffix: inl.slice(k + 1) });
      continue;
    }
    let end = -1;
    let m = -1;
    for (let j = i + 1; j < paras.length && end < 0; j++) {
      m = paras[j]!.inlines.findIndex((x) => x.kind === 'field' && x.closes === true && x.instruction.name === 'TOC');
      if (m >= 0) end = j;
    }
    if (end < 0) continue;
    const last = paras[end]!.inlines;
    out.push({ field, start: i, end, prefix: inl.slice(0, k), endPrefix: last.slice(0, m), suffix: last.slice(m + 1) });
    i = end;
  }
  return out;
}

function unsupportedReason(f: FieldInline): string | undefined {
  if (f.locked) return 'the field is locked';
  const sw = UNSUPPORTED_SWITCHES.find((s) => hasSwitch(f.instruction, s));
  if (sw) return `its ${sw} switch (entries from TC fields, captions or bookmarks) is not supported`;
  if (!hasSwitch(f.instruction, '\\o') && !hasSwitch(f.instruction, '\\u') && !hasSwitch(f.instruction, '\\t')) return 'it names no headings (\\o, \\u or \\t)';
  return undefined;
}

/** The levels `\o "1-3"` covers (1-based, inclusive); `\o` alone means 1–9. */
function outlineRange(f: FieldInline): [number, number] | undefined {
  if (!hasSwitch(f.instruction, '\\o')) return undefined;
  const m = /^\s*(\d)\s*-\s*(\d)\s*$/.exec(switchArg(f.instruction, '\\o') ?? '');
  return m ? [Number(m[1]), Number(m[2])] : [1, 9];
}

/** `\t "Style A,1,Style B,2"`: style name (or id) → level; the list separator may be `,` or `;`. */
function styleLevels(f: FieldInline): Map<string, number> {
  const out = new Map<string, number>();
  const arg = switchArg(f.instruction, '\\t');
  if (!arg) return out;
  const parts = arg.split(/[,;]/).map((p) => p.trim());
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const level = Number(parts[i + 1]);
    if (parts[i] && Number.isInteger(level) && level >= 1 && level <= 9) out.set(parts[i]!.toLowerCase(), level);
  }
  return out;
}

function collectHeadings(ctx: DocxContext, paras: readonly Paragraph[], toc: FoundToc, all: readonly FoundToc[]): TocHeading[] {
  // \o takes the built-in "heading N" styles (§17.16.5.68); \u adds paragraphs by their outline level.
  const range = outlineRange(toc.field);
  const useOutline = hasSwitch(toc.field.instruction, '\\u');
  const styles = styleLevels(toc.field);
  const inToc = (i: number) => all.some((t) => i >= t.start && i <= t.end);
  const out: TocHeading[] = [];
  for (let i = 0; i < paras.length && out.length < MAX_ENTRIES; i++) {
    if (inToc(i)) continue;
    const p = paras[i]!;
    let level: number | undefined;
    const id = p.props.styleId;
    const name = id ? ctx.styles.styles.get(id)?.name : undefined;
    const byStyle = (id && styles.get(id.toLowerCase())) ?? (name && styles.get(name.toLowerCase()));
    const builtIn = name ? /^heading ([1-9])$/i.exec(name) : null;
    if (byStyle) level = byStyle;
    else if (range && builtIn && Number(builtIn[1]) >= range[0] && Number(builtIn[1]) <= range[1]) level = Number(builtIn[1]);
    else if (useOutline && p.props.outlineLevel !== undefined && p.props.outlineLevel < 9) {
      // \u: the outline level applied to the paragraph, directly or by its style, within the \o range.
      const l = p.props.outlineLevel + 1;
      if (!range || (l >= range[0] && l <= range[1])) level = l;
    }
    if (level === undefined) continue;
    const text = plainText(p.inlines).replace(/\s+/g, ' ').trim();
    if (!text) continue;
    const list = p.props.list;
    out.push({ level, text, ...(list?.text.trim() ? { label: list.text } : {}), labelTab: list?.suffix === 'tab', at: i });
  }
  return out;
}

/** Builds the entry paragraphs through the ordinary paragraph reader, so the "toc N" styles apply. */
function buildEntries(
  ctx: DocxContext, field: FieldInline, headings: readonly TocHeading[], bookmarks: ReadonlyMap<number, string>, paras: readonly Paragraph[], widthPt: number,
): Block[] {
  const link = hasSwitch(field.instruction, '\\h');
  const separator = switchArg(field.instruction, '\\p');
  const noPages = pageNumberless(field);
  const tabTwips = Math.max(0, Math.round(widthPt * 20));
  const xml = headings.map((h) => {
    const name = bookmarks.get(h.at)!;
    const style = tocStyle(ctx, h.level);
    const cached = cachedPage(paras, name);
    const runs =
      (h.label ? r(h.label) + (h.labelTab ? '<w:r><w:tab/></w:r>' : r(' ')) : '') +
      r(h.text) +
      (noPages(h.level)
        ? ''
        : (separator !== undefined ? r(separator) : '<w:r><w:tab/></w:r>') +
          `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> PAGEREF ${escapeText(name)} \\h </w:instrText></w:r>` +
          `<w:r><w:fldChar w:fldCharType="separate"/></w:r>${r(cached)}<w:r><w:fldChar w:fldCharType="end"/></w:r>`);
    const ppr =
      `<w:pPr>${style.id ? `<w:pStyle w:val="${escapeAttr(style.id)}"/>` : ''}` +
      (separator === undefined ? `<w:tabs><w:tab w:val="right" w:leader="dot" w:pos="${tabTwips}"/></w:tabs>` : '') +
      (style.id ? '' : `<w:spacing w:after="100"/><w:ind w:left="${220 * (h.level - 1)}"/>`) +
      '</w:pPr>';
    return `<w:p>${ppr}${link ? `<w:hyperlink w:anchor="${escapeAttr(name)}" w:history="1">${runs}</w:hyperlink>` : runs}</w:p>`;
  });
  const doc = parseXml(`<w:body xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">${xml.join('')}</w:body>`);
  if (!doc.ok) return [];
  return readBlocks(ctx, newStory(ctx.pkg.mainPart, 'body'), doc.value.root);
}

/** `\n "1-2"` leaves page numbers out of those levels; `\n` alone out of all. */
function pageNumberless(f: FieldInline): (level: number) => boolean {
  if (!hasSwitch(f.instruction, '\\n')) return () => false;
  const m = /^\s*(\d)\s*-\s*(\d)\s*$/.exec(switchArg(f.instruction, '\\n') ?? '');
  return m ? (l) => l >= Number(m[1]) && l <= Number(m[2]) : () => true;
}

/** The "toc N" paragraph style (§17.7.4.17 built-in names; ids differ by language). */
function tocStyle(ctx: DocxContext, level: number): { id?: string } {
  const wanted = `toc ${level}`;
  for (const [id, def] of ctx.styles.styles) if (def.type === 'paragraph' && def.name?.toLowerCase() === wanted) return { id };
  return ctx.styles.styles.has(`TOC${level}`) ? { id: `TOC${level}` } : {};
}

/** The page number the old TOC printed for a bookmark (the first pass shows it until layout knows better). */
function cachedPage(paras: readonly Paragraph[], bookmark: string): string {
  const lower = bookmark.toLowerCase();
  let found: string | undefined;
  const visit = (inlines: readonly Inline[]) => {
    for (const i of inlines) {
      if (found !== undefined || i.kind !== 'field') continue;
      if (i.instruction.name === 'PAGEREF' && i.instruction.args[0]?.toLowerCase() === lower) found = plainText(i.result).trim();
      else visit(i.result);
    }
  };
  for (const p of paras) if (found === undefined) visit(p.inlines);
  return found || '1';
}

function existingTocBookmark(p: Paragraph): string | undefined {
  for (const i of p.inlines) if (i.kind === 'bookmark' && i.edge === 'start' && i.name && /^_Toc/i.test(i.name)) return i.name;
  return undefined;
}

function withBookmark(p: Paragraph, name: string, at: number): Paragraph {
  if (p.inlines.some((i) => i.kind === 'bookmark' && i.name === name)) return p;
  const id = `colophon-toc-${at}`;
  return { ...p, inlines: [{ kind: 'bookmark', edge: 'start', id, name }, ...p.inlines, { kind: 'bookmark', edge: 'end', id }] };
}

function r(text: string): string {
  return `<w:r><w:t xml:space="preserve">${escapeText(text)}</w:t></w:r>`;
}

function isVisible(i: Inline): boolean {
  if (i.kind === 'text') return !i.props.hidden && i.text.trim().length > 0;
  if (i.kind === 'field') return i.result.some(isVisible);
  return i.kind === 'image' || i.kind === 'shape' || i.kind === 'chart' || i.kind === 'math';
}

function plainText(inlines: readonly Inline[]): string {
  let s = '';
  for (const i of inlines) {
    if (i.kind === 'text') {
      if (!i.props.hidden && i.revision?.type !== 'delete' && i.revision?.type !== 'moveFrom') s += i.text;
    } else if (i.kind === 'tab') s += ' ';
    else if (i.kind === 'field') s += plainText(i.result);
  }
  return s;
}
