// The pure part of scripts/word-pages.mjs: from a document's XML, the keys of Word's saved page starts
// (<w:lastRenderedPageBreak/>), and whether a page's extracted text opens with one. No I/O here, so
// tests/scripts/word-pages.test.ts can check each rule on a small fixture.

/**
 * Letters and digits only, in lower case: extraction differs in spaces, hyphens and quotes, not in
 * these, and text in w:caps or w:smallCaps runs is stored in lower case but drawn in capitals.
 */
export const norm = (s) => s.replace(/[^\p{L}\p{N}]+/gu, '').toLowerCase();

/** How much text after a mark identifies it, and the least worth trusting. */
export const KEY = 30;
export const MIN_KEY = 12;
/** How far into a page the key may start and still count as opening it (a header line, a number). */
export const SLACK = 150;
/** How much of the body text just before a mark must not come before its key on the page. */
export const TAIL = 8;

/** The text of an XML text node: the five predefined entities and character references decoded. */
const ENTITIES = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
export function xmlText(s) {
  return s.replace(/&(lt|gt|amp|quot|apos|#x[0-9a-fA-F]+|#[0-9]+);/g, (_, e) =>
    e[0] !== '#' ? ENTITIES[e] : String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1))));
}

/**
 * The keys of a document's page-start marks (the body's own text after each mark): `mark` is the
 * mark's place among all the document's marks (from 1), `key` its text, `tail` the text before it.
 * `styles` is word/styles.xml (for text hidden through a style); without it only direct formatting counts.
 */
export function markKeys(xml, styles = '') {
  const body = bodyText(xml, readStyles(styles));
  const keys = [];
  const sections = sectionsOf(xml);
  let section = 0;
  body.marks.forEach(({ at, pos, drawn }, i) => {
    // Word writes the mark at column starts too, and a column start need not open a page: marks in
    // sections of several columns are left out. A section ends at its w:sectPr.
    while (section < sections.length - 1 && sections[section].end < at) section++;
    if (sections[section]?.columns) return;
    // Word also writes the mark in the first paragraph after a continuous section break, where its
    // layout starts the new section on the same page: oxsdk-complex2010 (9 pages in app.xml) has it
    // in 15 of the 17 paragraphs that open a continuous section (the other two are empty, with no
    // run to hold it). Such a mark need not open a page: it is left out.
    if (sections[section]?.continuous && section > 0 && opensSection(xml, sections[section - 1].end, at)) return;
    // A mark inside a text box does not start a page of the body.
    if (!drawn) return;
    const key = body.text.slice(pos, pos + KEY);
    // A page whose text before the key ends with the tail starts a line or more before Word's page
    // did: the slack must not count it.
    const tail = pos >= TAIL ? body.text.slice(pos - TAIL, pos) : '';
    if (key.length >= MIN_KEY) keys.push({ mark: i + 1, key, tail });
  });
  return keys;
}

/**
 * Elements whose content the body's text on a page does not show where it stands in the XML: drawings,
 * VML pictures, embedded objects and their alternates (a text box's text is placed by its anchor, and
 * extraction orders it by position, not with the paragraph that holds it), and deleted or moved-away
 * text (w:del, w:moveFrom; ECMA-376 Part 1 §17.13.5), which a final rendering does not draw.
 */
const FLOATING = new Set(['w:drawing', 'w:pict', 'w:object', 'mc:AlternateContent']);
const APART = new Set([...FLOATING, 'w:del', 'w:moveFrom']);

/** An ST_OnOff toggle such as w:vanish: present means on unless w:val says 0, false or off. */
const onOff = (attrs) => !/\bw:val="(0|false|off)"/.test(attrs);
const valOf = (attrs) => /\bw:val="([^"]*)"/.exec(attrs)?.[1];

/**
 * The style facts the drawn text depends on: for each style id, its w:basedOn and whether its run
 * properties set w:vanish (hidden text, ECMA-376 Part 1 §17.3.2.41); `hidden` is w:rPrDefault's.
 */
export function readStyles(xml) {
  const styles = new Map();
  for (const m of xml.matchAll(/<w:style\b([^>]*)>([\s\S]*?)<\/w:style>/g)) {
    const id = /\bw:styleId="([^"]*)"/.exec(m[1])?.[1];
    if (id === undefined) continue;
    // The paragraph mark's properties (w:pPr/w:rPr) do not hide the paragraph's text.
    const rPr = /<w:rPr>([\s\S]*?)<\/w:rPr>/.exec(m[2].replace(/<w:pPr>[\s\S]*?<\/w:pPr>/, ''))?.[1] ?? '';
    const vanish = /<w:vanish\b([^>]*)\/>/.exec(rPr);
    styles.set(id, { basedOn: valOf(/<w:basedOn\b[^>]*>/.exec(m[2])?.[0] ?? ''), vanish: vanish ? onOff(vanish[1]) : undefined });
  }
  const defaults = /<w:rPrDefault>([\s\S]*?)<\/w:rPrDefault>/.exec(xml)?.[1] ?? '';
  const vanish = /<w:vanish\b([^>]*)\/>/.exec(defaults);
  return { styles, hidden: vanish ? onOff(vanish[1]) : false };
}

/** Whether a style (through its w:basedOn chain) hides text; undefined when none of the chain says. */
function styleHides({ styles }, id) {
  for (let i = 0; id !== undefined && i < 32; i++) {
    const style = styles.get(id);
    if (style?.vanish !== undefined) return style.vanish;
    id = style?.basedOn;
  }
  return undefined;
}

/** Whether a run's text is hidden: its own w:vanish, else its character style's, else its paragraph style's. */
function hidden(facts, run, pStyle) {
  return run?.vanish ?? styleHides(facts, run?.rStyle) ?? styleHides(facts, pStyle) ?? facts.hidden;
}

/**
 * The body's drawn text, normalised, and where each mark falls in it. Left out: text in APART elements,
 * hidden text (w:vanish directly, through the run's character style or the paragraph's style, or by
 * default), and field codes — w:instrText, and the text of fields nested in an instruction, which comes
 * between w:fldChar begin and separate (ECMA-376 Part 1 §17.16.18); only a field's result is drawn.
 */
export function bodyText(xml, facts = readStyles('')) {
  const marks = [];
  let text = '';
  let apart = 0; // depth inside APART elements
  let floating = 0; // depth inside FLOATING ones
  let inPPr = false;
  let inRPr = false;
  let inT = false;
  let pStyle;
  let run; // the current run's { vanish, rStyle }
  const fields = []; // 'code' | 'result', outermost first
  for (const m of xml.matchAll(/<(\/?)([^\s/>!?]+)([^>]*?)(\/?)>|([^<]+)/g)) {
    const [, close, name, attrs, empty, chars] = m;
    if (chars !== undefined) {
      if (inT && apart === 0 && fields.every((f) => f === 'result') && !hidden(facts, run, pStyle)) text += norm(xmlText(chars));
      continue;
    }
    if (APART.has(name)) {
      if (!empty) apart += close ? -1 : 1;
      if (!empty && FLOATING.has(name)) floating += close ? -1 : 1;
      continue;
    }
    // A mark in a deleted run still starts Word's page: the drawn text after it opens the page.
    if (name === 'w:lastRenderedPageBreak') marks.push({ at: m.index, pos: text.length, drawn: floating === 0 });
    if (apart > 0) continue;
    if (close) {
      if (name === 'w:t') inT = false;
      else if (name === 'w:pPr') inPPr = false;
      else if (name === 'w:rPr') inRPr = false;
      else if (name === 'w:r') run = undefined;
      continue;
    }
    if (name === 'w:p') pStyle = undefined;
    else if (name === 'w:pPr') inPPr = !empty;
    else if (name === 'w:rPr') inRPr = !empty;
    else if (name === 'w:pStyle' && inPPr && !inRPr) pStyle = valOf(attrs);
    else if (name === 'w:r') run = {};
    else if (name === 'w:vanish' && run && inRPr && !inPPr) run.vanish = onOff(attrs);
    else if (name === 'w:rStyle' && run && inRPr && !inPPr) run.rStyle = valOf(attrs);
    else if (name === 'w:t') inT = !empty;
    else if (name === 'w:fldChar') {
      const type = /\bw:fldCharType="(\w+)"/.exec(attrs)?.[1];
      if (type === 'begin') fields.push('code');
      else if (type === 'separate' && fields.length > 0) fields[fields.length - 1] = 'result';
      else if (type === 'end') fields.pop();
    }
  }
  return { text, marks };
}

/** The document's sections in order: where each one's w:sectPr is, and whether it has several columns. */
function sectionsOf(xml) {
  const out = [];
  for (let start = xml.indexOf('<w:sectPr'); start >= 0; start = xml.indexOf('<w:sectPr', start + 1)) {
    const end = xml.indexOf('</w:sectPr>', start);
    const sect = xml.slice(start, end < 0 ? undefined : end);
    const num = /<w:cols\b[^>]*\bw:num="(\d+)"/.exec(sect);
    out.push({
      end: start,
      columns: (num !== null && Number(num[1]) > 1) || (sect.match(/<w:col\b/g) ?? []).length > 1,
      continuous: /<w:type\b[^>]*\bw:val="continuous"/.test(sect),
    });
  }
  return out;
}

/**
 * Whether the mark at `at` is in the first paragraph after the w:sectPr at `prevSect` (which sits in
 * the previous section's last paragraph): only that paragraph's end comes between them.
 */
function opensSection(xml, prevSect, at) {
  let ends = 0;
  for (let i = xml.indexOf('</w:p>', prevSect); i >= 0 && i < at && ends < 2; i = xml.indexOf('</w:p>', i + 1)) ends++;
  return ends === 1;
}

/**
 * Where a mark's key opens a page: the first occurrence of the key in the page's normalised text,
 * when it starts within SLACK and the text before it does not end with the mark's tail; -1 otherwise.
 */
export function keyOpens(page, { key, tail }) {
  const i = page.slice(0, key.length + SLACK).indexOf(key);
  return i >= 0 && !(tail && page.slice(0, i).endsWith(tail)) ? i : -1;
}

/** The first page (from 0) that a mark's key opens, -1 when none does. */
export function pageOpened(pages, mark) {
  return pages.findIndex((p) => keyOpens(p, mark) >= 0);
}
