/**
 * Font needs: before layout, which faces a document asks for and which fallback faces its text
 * needs (CJK, Hangul, emoji), so that engine/text loads them all at once (text-faces.ts
 * createFaceResolver, the only async step of layout). Also the request a run's properties make
 * and its cache key, which text-faces.ts uses when it resolves a run's face. Reads the DocModel
 * only; loads nothing.
 */
import type { Block, DocModel, Inline, RunProps, ShapeInline } from '../model';
import { alternateNames, needsFontkit, type FaceRequest, type GenericClass } from '../text';
import { firstOutsidePrintableAscii } from './printable-ascii';

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
  /**
   * Some text is shaped by fontkit in any font (text needsFontkit): it is loaded before layout then,
   * instead of the layout learning it at that text, loading it and starting over. Unpointed Hebrew
   * alone may take the fast path and does not count; a restart still covers it.
   */
  readonly fullShaping: boolean;
}

/** Whether any character of `t` is shaped by fontkit; printable ASCII is settled by one native scan. */
function hasFullShaping(t: string): boolean {
  const first = firstOutsidePrintableAscii(t);
  if (first < 0) return false;
  for (let i = first; i < t.length; i++) if (needsFontkit(t, i)) return true;
  return false;
}

/**
 * Walks every story of the document (body, headers and footers, notes, comments, text boxes, field
 * results, list labels) for the faces its runs ask for and the scripts (and emoji) its text holds.
 */
export function fontNeeds(doc: DocModel, extra: readonly RunProps[] = []): FontNeeds {
  const walk = new NeedsWalk();
  for (const s of doc.sections) walk.blocks(s.blocks);
  for (const hf of Object.values(doc.headerFooters)) walk.blocks(hf.blocks);
  for (const n of Object.values(doc.footnotes)) walk.blocks(n.blocks);
  for (const n of Object.values(doc.endnotes)) walk.blocks(n.blocks);
  for (const c of Object.values(doc.comments)) walk.blocks(c.blocks);
  // Text the layout adds with props of its own (comment balloon headings).
  for (const p of extra) walk.add(p);
  // Chart text (titles, tick labels, legends) is drawn in the chart's font, plain and bold.
  for (const c of Object.values(doc.charts)) {
    const family = c.font ?? 'Calibri';
    for (const bold of [false, true]) walk.seen.set(`${family}|${bold ? 1 : 0}0|`, { family, bold, italic: false });
    stringsOf(c, walk.text);
  }
  return { requests: [...walk.seen.values()], eastAsian: walk.eastAsian, hangul: walk.hangul, emoji: walk.emoji, fullShaping: walk.fullShaping };
}

/** What fontNeeds has found so far: the faces asked for by key, and the scripts seen. */
class NeedsWalk {
  readonly seen = new Map<string, FaceRequest>();
  // Runs share their props objects (interned by the reader): each object's key is made once, where a
  // key per run made 18 MB of strings per round of the dev corpus.
  private readonly seenProps = new Set<RunProps>();
  eastAsian = false;
  hangul = false;
  emoji = false;
  fullShaping = false;

  add(p: RunProps): void {
    if (this.seenProps.has(p)) return;
    this.seenProps.add(p);
    const key = requestKey(p);
    if (!this.seen.has(key)) this.seen.set(key, requestOf(p));
  }

  readonly text = (t: string): void => {
    if (!this.hangul && EAST_ASIAN.test(t)) {
      this.eastAsian = true;
      this.hangul = HANGUL.test(t);
    }
    if (!this.emoji) this.emoji = EMOJI.test(t);
    if (!this.fullShaping) this.fullShaping = hasFullShaping(t);
  };

  inlines(list: readonly Inline[]): void {
    for (const i of list) {
      if ('props' in i && i.props) this.add(i.props);
      if (i.kind === 'text') this.text(i.text);
      else if (i.kind === 'math') {
        // Equations are set in the math font whatever their runs' font (engine/layout/math).
        this.add(mathProps(i.props));
        this.text(i.linearText);
      } else if (i.kind === 'noteRef' && i.customMark) this.text(i.customMark);
      else if (i.kind === 'field') this.inlines(i.result);
      else if (i.kind === 'shape') this.shape(i);
    }
  }

  /** Text boxes and WordArt, also those of grouped shapes (wpg:wgp, v:group, SmartArt drawings). */
  shape(s: ShapeInline, depth = 0): void {
    if (s.text) this.blocks(s.text.blocks);
    if (s.wordArt) {
      this.add(s.wordArt.props);
      this.text(s.wordArt.text);
    }
    if (depth < MAX_GROUP_DEPTH) for (const c of s.children ?? []) if (c.item.kind === 'shape') this.shape(c.item, depth + 1);
  }

  blocks(list: readonly Block[]): void {
    for (const b of list) {
      if (b.kind === 'paragraph') {
        this.add(b.markProps);
        if (b.props.list) {
          this.add(b.props.list.props);
          this.text(b.props.list.text);
        }
        this.inlines(b.inlines);
      } else for (const r of b.rows) for (const c of r.cells) this.blocks(c.blocks);
    }
  }
}
