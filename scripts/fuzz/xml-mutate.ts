/**
 * XML-aware mutations of one WordprocessingML part, on its text: elements found by name with their
 * matching end tag are deleted, duplicated or moved; numeric attributes get hostile values.
 */
import type { Rng } from './rng';

/** Numeric attribute values that break layout arithmetic. */
export const HOSTILE_NUMBERS = [
  '0', '-1', '-2147483648', '2147483647', '1000000000', '99999999999999999999', '1e308', 'NaN', '', '-0', 'abc', '3.5', '-1000000', '4294967296',
];

/** Elements whose structure matters to parse and layout. */
const STRUCTURAL = [
  'w:p', 'w:r', 'w:t', 'w:tbl', 'w:tr', 'w:tc', 'w:tblGrid', 'w:gridCol', 'w:sectPr', 'w:pgSz', 'w:pgMar', 'w:tcPr', 'w:tblPr', 'w:rPr', 'w:pPr',
  'w:fldChar', 'w:instrText', 'w:fldSimple', 'w:drawing', 'w:txbxContent', 'w:hyperlink', 'w:bookmarkStart', 'w:bookmarkEnd', 'w:sdt',
  'w:sdtContent', 'w:style', 'w:basedOn', 'w:abstractNum', 'w:num', 'w:lvl', 'w:footnote', 'w:footnoteReference', 'wp:anchor', 'wp:inline',
  'w:numPr', 'w:tabs', 'w:cols', 'w:vMerge', 'w:gridSpan', 'w:ins', 'w:del', 'w:pict', 'v:shape', 'w:object', 'm:oMath', 'c:ser', 'c:pt',
];

/** Elements whose numeric attributes are sizes, spans, indents or positions. */
const SIZED = [
  'w:gridCol', 'w:tblW', 'w:pgSz', 'w:pgMar', 'w:sz', 'w:szCs', 'w:gridSpan', 'w:ind', 'w:spacing', 'w:cols', 'w:col', 'w:ilvl', 'w:numId',
  'wp:extent', 'a:ext', 'a:off', 'w:tcW', 'w:trHeight', 'w:tab', 'w:position', 'w:kern', 'w:start', 'w:framePr', 'w:lnNumType', 'w:pgNumType',
  'w:tblInd', 'w:tblCellMar', 'w:top', 'w:left', 'w:bottom', 'w:right', 'w:docGrid', 'w:w', 'w:footnotePr', 'w:tblpPr', 'wp:effectExtent',
];

/** Spans [start, end) of every element with this qualified name, matched with its end tag. */
export function elementSpans(xml: string, name: string): Array<[number, number]> {
  const re = new RegExp(`<(/?)${name.replace(':', '\\:')}(?=[\\s/>])`, 'g');
  const spans: Array<[number, number]> = [];
  const stack: number[] = [];
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    const tagEnd = xml.indexOf('>', m.index);
    if (tagEnd < 0) break;
    if (m[1] === '/') {
      const start = stack.pop();
      if (start !== undefined) spans.push([start, tagEnd + 1]);
    } else if (xml[tagEnd - 1] === '/') spans.push([m.index, tagEnd + 1]);
    else stack.push(m.index);
  }
  return spans;
}

function pickSpan(xml: string, r: Rng, names = STRUCTURAL): [number, number] | undefined {
  for (let tries = 0; tries < 6; tries++) {
    const spans = elementSpans(xml, r.pick(names));
    if (spans.length > 0) return r.pick(spans);
  }
  return undefined;
}

function deleteElement(xml: string, r: Rng): string {
  const s = pickSpan(xml, r);
  return s ? xml.slice(0, s[0]) + xml.slice(s[1]) : xml;
}

function duplicateElement(xml: string, r: Rng): string {
  const s = pickSpan(xml, r);
  if (!s) return xml;
  const copies = r.pick([1, 2, 5, 50, 500]);
  const el = xml.slice(s[0], s[1]);
  if (el.length * copies > 4_000_000) return xml;
  return xml.slice(0, s[1]) + el.repeat(copies) + xml.slice(s[1]);
}

/** Moves an element to just before another element of any name (reordering, also across levels). */
function moveElement(xml: string, r: Rng): string {
  const s = pickSpan(xml, r);
  if (!s) return xml;
  const el = xml.slice(s[0], s[1]);
  const rest = xml.slice(0, s[0]) + xml.slice(s[1]);
  const t = pickSpan(rest, r);
  if (!t) return xml;
  return rest.slice(0, t[0]) + el + rest.slice(t[0]);
}

/** Gives one numeric attribute (of a sized element, or any element) a hostile value. */
function hostileAttribute(xml: string, r: Rng): string {
  const s = r.chance(0.7) ? pickSpan(xml, r, SIZED) : undefined;
  const from = s ? s[0] : r.int(xml.length);
  const tagEnd = xml.indexOf('>', from);
  if (tagEnd < 0) return xml;
  const tag = xml.slice(from, tagEnd);
  const attrs = [...tag.matchAll(/\s([\w:]+)="(-?[\d.]+)"/g)];
  if (attrs.length === 0) return xml;
  const a = r.pick(attrs);
  const at = from + a.index! + a[0].indexOf('"') + 1;
  return xml.slice(0, at) + r.pick(HOSTILE_NUMBERS) + xml.slice(at + a[2]!.length);
}

/** Gives a text-valued number (wp:posOffset, c:v) a hostile value. */
function hostileText(xml: string, r: Rng): string {
  const hits = [...xml.matchAll(/<(wp:posOffset|c:v|c:idx|wp:align)>([^<]*)</g)];
  if (hits.length === 0) return hostileAttribute(xml, r);
  const h = r.pick(hits);
  const at = h.index! + h[0].indexOf('>') + 1;
  return xml.slice(0, at) + r.pick(HOSTILE_NUMBERS) + xml.slice(at + h[2]!.length);
}

/** Changes characters of the XML text (may make it malformed). */
function flipText(xml: string, r: Rng): string {
  const chars = ['<', '>', '"', '/', '&', '\u0000', '\uFFFF', '\uD800', 'x', ' ', '=', ']]>'];
  let s = xml;
  for (let i = 0, n = 1 + r.int(4); i < n; i++) {
    const at = r.int(s.length);
    s = s.slice(0, at) + r.pick(chars) + s.slice(at + r.int(3));
  }
  return s;
}

/** The XML mutations by name. */
export const XML_MUTATIONS: Record<string, (xml: string, r: Rng) => string> = {
  deleteElement, duplicateElement, moveElement, hostileAttribute, hostileText, flipText,
};
