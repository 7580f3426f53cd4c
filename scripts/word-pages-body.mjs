// The drawn text of a document's body, as scripts/word-pages-keys.mjs keys Word's page starts on it:
// normalised letters and digits in document order, where each <w:lastRenderedPageBreak/> falls in it,
// and the seams where a page's extracted text holds something the XML text does not (a list label, a
// note reference).

/**
 * Letters and digits only, in lower case: extraction differs in spaces, hyphens and quotes, not in
 * these, and text in w:caps or w:smallCaps runs is stored in lower case but drawn in capitals.
 */
export const letters = (s) => s.replace(/[^\p{L}\p{N}]+/gu, '').toLowerCase();
/**
 * Lam + alef is drawn as one ligature glyph, which pdftotext reverses with the right-to-left line
 * around it (alef + lam): both sides spell it alef + lam. The fold is not idempotent (lam lam alef
 * folds to lam alef lam, which folds again), so it is applied once, to a whole text: a page's, or
 * the body's once all its runs are joined (a lam ending one run or paragraph and an alef opening the
 * next are one pair on the page, where the line break between them is not a letter).
 */
export const foldLamAlef = (s) => s.replace(/\u0644\u0627/g, '\u0627\u0644');
/** A text's letters and digits (`letters`) with lam + alef folded. */
export const norm = (s) => foldLamAlef(letters(s));

/** How far into a page the key may start and still count as opening it (a header line, a number). */
export const SLACK = 150;
/** The most letters and digits a list label or a note reference draws that the XML text does not hold. */
export const LABEL = 10;

/**
 * The rules a count follows: `robust` (the default) joins the body's runs before folding lam + alef
 * and makes typed paragraph labels ('typed' seams) optional in a key; `robust: false` keeps the first
 * rules (lam + alef folded run by run, typed labels part of the key), for figures comparable with
 * counts made before.
 */
export const ROBUST = { robust: true };

/** The text of an XML text node: the five predefined entities and character references decoded. */
const ENTITIES = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
export function xmlText(s) {
  return s.replace(/&(lt|gt|amp|quot|apos|#x[0-9a-fA-F]+|#[0-9]+);/g, (_, e) =>
    e[0] !== '#' ? ENTITIES[e] : String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1))));
}

/**
 * Elements whose content the body's text on a page does not show where it stands in the XML: drawings,
 * VML pictures, embedded objects and their alternates (a text box's text is placed by its anchor, and
 * extraction orders it by position, not with the paragraph that holds it), deleted or moved-away text
 * (w:del, w:moveFrom; ECMA-376 Part 1 §17.13.5), which a final rendering does not draw, and the former
 * properties a tracked formatting change keeps (w:rPrChange, w:pPrChange): a run once hidden or a
 * paragraph once numbered is not so now.
 */
const FLOATING = new Set(['w:drawing', 'w:pict', 'w:object', 'mc:AlternateContent']);
const APART = new Set([...FLOATING, 'w:del', 'w:moveFrom', 'w:rPrChange', 'w:pPrChange']);

/** An ST_OnOff toggle such as w:vanish: present means on unless w:val says 0, false or off. */
const onOff = (attrs) => !/\bw:val="(0|false|off)"/.test(attrs);
const valOf = (attrs) => /\bw:val="([^"]*)"/.exec(attrs)?.[1];

/**
 * The style facts the drawn text depends on: for each style id, its w:basedOn, whether its run
 * properties set w:vanish (hidden text, ECMA-376 Part 1 §17.3.2.41) and its numbering (w:numPr/w:numId,
 * "0" for none); `hidden` is w:rPrDefault's w:vanish.
 */
export function readStyles(xml) {
  const styles = new Map();
  for (const m of xml.matchAll(/<w:style\b([^>]*)>([\s\S]*?)<\/w:style>/g)) {
    const id = /\bw:styleId="([^"]*)"/.exec(m[1])?.[1];
    if (id === undefined) continue;
    const pPr = /<w:pPr>([\s\S]*?)<\/w:pPr>/.exec(m[2])?.[1] ?? '';
    // The paragraph mark's properties (w:pPr/w:rPr) do not hide the paragraph's text.
    const rPr = /<w:rPr>([\s\S]*?)<\/w:rPr>/.exec(m[2].replace(/<w:pPr>[\s\S]*?<\/w:pPr>/, ''))?.[1] ?? '';
    const vanish = /<w:vanish\b([^>]*)\/>/.exec(rPr);
    styles.set(id, {
      basedOn: valOf(/<w:basedOn\b[^>]*>/.exec(m[2])?.[0] ?? ''),
      vanish: vanish ? onOff(vanish[1]) : undefined,
      numId: valOf(/<w:numId\b[^>]*>/.exec(pPr)?.[0] ?? ''),
    });
  }
  const defaults = /<w:rPrDefault>([\s\S]*?)<\/w:rPrDefault>/.exec(xml)?.[1] ?? '';
  const vanish = /<w:vanish\b([^>]*)\/>/.exec(defaults);
  return { styles, hidden: vanish ? onOff(vanish[1]) : false };
}

/** A property of a style through its w:basedOn chain; undefined when none of the chain sets it. */
function styleSays({ styles }, id, property) {
  for (let i = 0; id !== undefined && i < 32; i++) {
    const style = styles.get(id);
    if (style?.[property] !== undefined) return style[property];
    id = style?.basedOn;
  }
  return undefined;
}

/** Whether a run's text is hidden: its own w:vanish, else its character style's, else its paragraph style's. */
function hidden(facts, run, para) {
  return run?.vanish ?? styleSays(facts, run?.rStyle, 'vanish') ?? styleSays(facts, para.pStyle, 'vanish') ?? facts.hidden;
}

/**
 * The body's drawn text, normalised; where each mark falls in it (`pos`; `seam`, how many seams come
 * before it; `row` and `cell`, which outermost table row and cell hold it, counted from 1); the
 * outermost rows and cells by those numbers, each with where its text `start`s and `end`s (a row
 * also with the number of the `previous` row of its table, a cell with its `index` in its row, from 0);
 * and the seams, each a `pos` where the page may hold up to `gap` letters and digits that the text does not,
 * of a `kind`:
 * - 'label': a numbered paragraph's label (w:numPr, ECMA-376 Part 1 §17.9), drawn before its text;
 * - 'note': a footnote or endnote reference mark (§17.11.14), a number the XML does not hold;
 * - 'stop': a page or column break (w:br/@w:type), after which the text is on another page;
 * - 'typed': a label typed into the paragraph, its first text up to a tab when that is at most LABEL
 *   letters and digits ("1.", "(a)", "١-" before w:tab), whose `skip` letters a key leaves out:
 *   extraction may give them after the line's text (right-to-left paragraphs put the label at the
 *   line's right end, which pdftotext reads last) or in a column block of its own (robust rules only).
 * Left out of the text: APART elements, hidden text (w:vanish directly, through the run's character
 * style or the paragraph's style, or by default), and field codes — w:instrText, and the text of fields
 * nested in an instruction, between w:fldChar begin and separate (§17.16.18): only a result is drawn.
 */
export function bodyText(xml, facts = readStyles(''), { robust } = ROBUST) {
  const s = { facts, robust, text: '', marks: [], seams: [], rows: [], rowCount: 0, cells: [], cellCount: 0, tables: 0, lastRow: 0, spans: { rows: [], cells: [] }, apart: 0, floating: 0, inPPr: false, inRPr: false, inT: false, run: undefined, para: newPara(0), fields: [] };
  for (const m of xml.matchAll(/<(\/?)([^\s/>!?]+)([^>]*?)(\/?)>|([^<]+)/g)) {
    const [, close, name, attrs, empty, chars] = m;
    if (chars !== undefined) addText(s, chars);
    else if (APART.has(name)) enterApart(s, name, close, empty);
    else if (name === 'w:lastRenderedPageBreak') {
      // A mark in a deleted run still starts Word's page: the drawn text after it opens the page.
      s.marks.push({ at: m.index, pos: s.text.length, seam: s.seams.length, drawn: s.floating === 0, row: s.rows[0], cell: s.cells[0] });
    } else if (s.apart > 0) continue;
    else if (close) closeTag(s, name);
    else openTag(s, name, attrs, empty === '/');
  }
  // Folding keeps the text's length, so the positions taken while reading hold.
  return { text: robust ? foldLamAlef(s.text) : s.text, marks: s.marks, seams: s.seams, rows: s.spans.rows, cells: s.spans.cells };
}

/** A paragraph's state: its style and numbering, where its text starts, whether its typed label is settled. */
const newPara = (start) => ({ pStyle: undefined, numId: undefined, start, labelled: false });

function addText(s, chars) {
  if (!s.inT || !s.fields.every((f) => f === 'result') || hidden(s.facts, s.run, s.para)) return;
  s.text += s.robust ? letters(xmlText(chars)) : norm(xmlText(chars));
}

function enterApart(s, name, close, empty) {
  if (empty) return;
  s.apart += close ? -1 : 1;
  if (FLOATING.has(name)) s.floating += close ? -1 : 1;
}

function closeTag(s, name) {
  if (name === 'w:t') s.inT = false;
  else if (name === 'w:rPr') s.inRPr = false;
  else if (name === 'w:r') s.run = undefined;
  else if (name === 'w:tr') {
    if (s.rows.length === 1) s.spans.rows[s.rows[0]].end = s.text.length;
    s.rows.pop();
  } else if (name === 'w:tc') {
    if (s.cells.length === 1) s.spans.cells[s.cells[0]].end = s.text.length;
    s.cells.pop();
  } else if (name === 'w:pPr') {
    s.inPPr = false;
    const numId = s.para.numId ?? styleSays(s.facts, s.para.pStyle, 'numId');
    if (numId !== undefined && numId !== '0') s.seams.push({ pos: s.text.length, gap: LABEL, kind: 'label' });
  }
}

function openTag(s, name, attrs, empty) {
  const inRun = s.run !== undefined && !s.inRPr;
  if (name === 'w:p') s.para = newPara(s.text.length);
  else if (name === 'w:pPr') s.inPPr = !empty;
  else if (name === 'w:rPr') s.inRPr = !empty;
  else if (name === 'w:r') s.run = {};
  else if (name === 'w:t') s.inT = !empty;
  else if (name === 'w:tr' && !empty) {
    s.rows.push(++s.rowCount);
    if (s.rows.length === 1) {
      const previous = s.spans.rows[s.lastRow]?.table === s.tables ? s.lastRow : undefined;
      s.spans.rows[s.rowCount] = { start: s.text.length, end: s.text.length, table: s.tables, previous, cells: 0 };
      s.lastRow = s.rowCount;
    }
  } else if (name === 'w:tc' && !empty) {
    s.cells.push(++s.cellCount);
    if (s.cells.length === 1) s.spans.cells[s.cellCount] = { start: s.text.length, end: s.text.length, index: s.spans.rows[s.rows[0]].cells++ };
  } else if (name === 'w:tbl' && !empty && s.rows.length === 0) s.tables++;
  else if (s.inPPr && !s.inRPr) {
    if (name === 'w:pStyle') s.para.pStyle = valOf(attrs);
    else if (name === 'w:numId') s.para.numId = valOf(attrs);
  } else if (s.run !== undefined && s.inRPr && !s.inPPr) {
    if (name === 'w:vanish') s.run.vanish = onOff(attrs);
    else if (name === 'w:rStyle') s.run.rStyle = valOf(attrs);
  } else if (name === 'w:fldChar') {
    const type = /\bw:fldCharType="(\w+)"/.exec(attrs)?.[1];
    if (type === 'begin') s.fields.push('code');
    else if (type === 'separate' && s.fields.length > 0) s.fields[s.fields.length - 1] = 'result';
    else if (type === 'end') s.fields.pop();
  } else if (inRun && !hidden(s.facts, s.run, s.para)) openRunContent(s, name, attrs);
}

/** Run content that is not text: note references, breaks and the tab that ends a typed label. */
function openRunContent(s, name, attrs) {
  if (name === 'w:footnoteReference' || name === 'w:endnoteReference') s.seams.push({ pos: s.text.length, gap: LABEL, kind: 'note' });
  else if (name === 'w:br' && /\bw:type="(page|column)"/.test(attrs)) s.seams.push({ pos: s.text.length, gap: 0, kind: 'stop' });
  else if (name === 'w:tab' && s.robust && !s.para.labelled) typedLabel(s);
}

/**
 * At a paragraph's first tab after some text: that text is a typed label when it is short (LABEL
 * letters and digits at most) and no seam falls inside it (seams stay in the order of their places).
 */
function typedLabel(s) {
  const { start } = s.para;
  const size = s.text.length - start;
  if (size === 0) return;
  s.para.labelled = true;
  if (size <= LABEL && !((s.seams.at(-1)?.pos ?? 0) > start)) s.seams.push({ pos: start, gap: size, skip: size, kind: 'typed' });
}
