/**
 * Font needs: before layout, which faces a document asks for and which fallback faces its text
 * needs (CJK, Hangul, emoji), so that engine/text loads them all at once (text-faces.ts
 * createFaceResolver, the only async step of layout). Also the request a run's properties make
 * and its cache key, which text-faces.ts uses when it resolves a run's face. Reads the DocModel
 * only; loads nothing.
 */
import type { Block, DocModel, Inline, RunProps, ShapeInline } from '../model';
import { alternateNames, type FaceRequest, type GenericClass } from '../text';

const GENERIC: Record<string, GenericClass | undefined> = { roman: 'serif', swiss: 'sans', modern: 'mono' };

export function requestOf(p: RunProps): FaceRequest {
  const hint = p.fontGeneric ? GENERIC[p.fontGeneric] : undefined;
  const alternates = alternateNames(p.fontAlt);
  return { family: p.font, bold: p.bold, italic: p.italic, ...(hint ? { genericHint: hint } : {}), ...(alternates.length > 0 ? { alternates } : {}) };
}

/** The key of the face a run's props ask for. */
export function requestKey(p: RunProps): string {
  return `${p.font}|${p.bold ? 1 : 0}${p.italic ? 1 : 0}|${p.fontGeneric ?? ''}|${p.fontAlt ?? ''}`;
}

const mathPropsOf = new WeakMap<RunProps, RunProps>();

/** An equation's properties in the math font (one object per properties object, for the request cache). */
function mathProps(p: RunProps): RunProps {
  let m = mathPropsOf.get(p);
  if (!m) mathPropsOf.set(p, (m = p.font === 'Cambria Math' ? p : { ...p, font: 'Cambria Math' }));
  return m;
}

/** Characters the CJK fallback face draws: CJK punctuation, kana, Bopomofo, Hangul, ideographs, full-width forms. */
const EAST_ASIAN = /[\u1100-\u11ff\u3000-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]|[\ud840-\ud87f][\udc00-\udfff]/;
/** Hangul: jamo, compatibility jamo, extended jamo and syllables. */
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7ff]/;
/**
 * Emoji: characters drawn as emoji by default (Emoji_Presentation, which takes in the regional
 * indicators of flags), or any character asked for as emoji by VS16. Text-style symbols such as ©,
 * ™ or ✔ do not count: the text faces draw them.
 */
const EMOJI = /[\p{Emoji_Presentation}\uFE0F]/u;
/** Nesting of grouped shapes followed when collecting the fonts their text uses. */
const MAX_GROUP_DEPTH = 32;

/** Calls `each` with every string value inside a plain data object (a chart's titles, names and categories). */
function stringsOf(value: unknown, each: (s: string) => void, depth = 0): void {
  if (typeof value === 'string') each(value);
  else if (value && typeof value === 'object' && depth < 16) for (const v of Object.values(value)) stringsOf(v, each, depth + 1);
}

/** What a document's text needs from the fonts: the faces its runs ask for, and the fallback faces. */
export interface FontNeeds {
  readonly requests: FaceRequest[];
  /** Some text is East Asian (the CJK fallback face is loaded only then). */
  readonly eastAsian: boolean;
  /** Some text is Korean (the Hangul fallback face is loaded only then). */
  readonly hangul: boolean;
  /** Some text has emoji (the emoji fallback face is loaded only then). */
  readonly emoji: boolean;
}

/**
 * Walks every story of the document (body, headers and footers, notes, comments, text boxes, field
 * results, list labels) for the faces its runs ask for and the scripts (and emoji) its text holds.
 */
export function fontNeeds(doc: DocModel, extra: readonly RunProps[] = []): FontNeeds {
  const seen = new Map<string, FaceRequest>();
  // Runs share their props objects (interned by the reader): each object's key is made once, where a
  // key per run made 18 MB of strings per round of the dev corpus.
  const seenProps = new Set<RunProps>();
  let eastAsian = false;
  let hangul = false;
  let emoji = false;
  const add = (p: RunProps) => {
    if (seenProps.has(p)) return;
    seenProps.add(p);
    const key = requestKey(p);
    if (!seen.has(key)) seen.set(key, requestOf(p));
  };
  const text = (t: string) => {
    if (!hangul && EAST_ASIAN.test(t)) {
      eastAsian = true;
      hangul = HANGUL.test(t);
    }
    if (!emoji) emoji = EMOJI.test(t);
  };
  const inlines = (list: readonly Inline[]) => {
    for (const i of list) {
      if ('props' in i && i.props) add(i.props);
      if (i.kind === 'text') text(i.text);
      else if (i.kind === 'math') {
        // Equations are set in the math font whatever their runs' font (engine/layout/math).
        add(mathProps(i.props));
        text(i.linearText);
      } else if (i.kind === 'noteRef' && i.customMark) text(i.customMark);
      else if (i.kind === 'field') inlines(i.result);
      else if (i.kind === 'shape') shape(i);
    }
  };
  // Text boxes and WordArt, also those of grouped shapes (wpg:wgp, v:group, SmartArt drawings).
  const shape = (s: ShapeInline, depth = 0) => {
    if (s.text) blocks(s.text.blocks);
    if (s.wordArt) {
      add(s.wordArt.props);
      text(s.wordArt.text);
    }
    if (depth < MAX_GROUP_DEPTH) for (const c of s.children ?? []) if (c.item.kind === 'shape') shape(c.item, depth + 1);
  };
  const blocks = (list: readonly Block[]) => {
    for (const b of list) {
      if (b.kind === 'paragraph') {
        add(b.markProps);
        if (b.props.list) {
          add(b.props.list.props);
          text(b.props.list.text);
        }
        inlines(b.inlines);
      } else for (const r of b.rows) for (const c of r.cells) blocks(c.blocks);
    }
  };
  for (const s of doc.sections) blocks(s.blocks);
  for (const hf of Object.values(doc.headerFooters)) blocks(hf.blocks);
  for (const n of Object.values(doc.footnotes)) blocks(n.blocks);
  for (const n of Object.values(doc.endnotes)) blocks(n.blocks);
  for (const c of Object.values(doc.comments)) blocks(c.blocks);
  // Text the layout adds with props of its own (comment balloon headings).
  for (const p of extra) add(p);
  // Chart text (titles, tick labels, legends) is drawn in the chart's font, plain and bold.
  for (const c of Object.values(doc.charts)) {
    const family = c.font ?? 'Calibri';
    for (const bold of [false, true]) seen.set(`${family}|${bold ? 1 : 0}0|`, { family, bold, italic: false });
    stringsOf(c, text);
  }
  return { requests: [...seen.values()], eastAsian, hangul, emoji };
}
