/**
 * Vertical sections (w:sectPr/w:textDirection tbRl or btLr, §17.6.20): lines run down the page (tbRl,
 * each next line to the left, as East Asian books are set) or up it (btLr, each next line to the right).
 *
 * Such a section is laid out as a horizontal one on the page turned a quarter: the page's height is
 * the lines' length and its width their stack (`turnedSections`), so pagination, wrapping, tables and
 * notes need nothing of their own. Its pages are then turned back onto the sheet (`turnPage`): one
 * group whose transform takes the laid-out page to the physical one. In tbRl, East Asian characters
 * stand upright in the line, as Word and every East Asian typesetter set them; each gets a counter-turn
 * about its em box's centre, and Latin text lies on its side. In btLr everything turns with the line.
 */
import type { DocModel, GlyphRun, GroupItem, LayoutItem, LayoutPage, LinkItem, SectionProps } from '../model';

type Matrix = readonly [number, number, number, number, number, number];

/** The document with each vertical section's page turned a quarter: lines laid out across its height. */
export function turnedSections(doc: DocModel): DocModel {
  if (!doc.sections.some((s) => s.props.textDirection)) return doc;
  return { ...doc, sections: doc.sections.map((s) => (s.props.textDirection ? { ...s, props: turnedProps(s.props) } : s)) };
}

function turnedProps(p: SectionProps): SectionProps {
  const m = p.margins;
  // tbRl: the laid-out page's left edge is the sheet's top, its top edge the sheet's right; btLr: its
  // left edge is the sheet's bottom, its top edge the sheet's left.
  const margins =
    p.textDirection === 'tbRl'
      ? { ...m, left: m.top, right: m.bottom, top: m.right, bottom: m.left }
      : { ...m, left: m.bottom, right: m.top, top: m.left, bottom: m.right };
  return { ...p, pageWidthPt: p.pageHeightPt, pageHeightPt: p.pageWidthPt, orientation: p.orientation === 'portrait' ? 'landscape' : 'portrait', margins };
}

/** The transform from a turned section's laid-out page (width w, height h) to the sheet. */
export function sheetTransform(direction: 'tbRl' | 'btLr', w: number, h: number): Matrix {
  // tbRl: sheet x = h − y, sheet y = x. btLr: sheet x = y, sheet y = w − x.
  return direction === 'tbRl' ? [0, 1, -1, 0, h, 0] : [0, -1, 1, 0, 0, w];
}

/** Maps a point of the laid-out page onto the sheet. */
export function onSheet(t: Matrix, x: number, y: number): { x: number; y: number } {
  return { x: t[0] * x + t[2] * y + t[4], y: t[1] * x + t[3] * y + t[5] };
}

/**
 * Turns a laid-out page of a vertical section onto the sheet. Link areas are taken out of the turned
 * group and placed on the sheet themselves: they become the PDF's link annotations, which have no
 * transform.
 */
export function turnPage(page: LayoutPage, direction: 'tbRl' | 'btLr'): LayoutPage {
  const transform = sheetTransform(direction, page.widthPt, page.heightPt);
  const links: LinkItem[] = [];
  const drawn = withoutLinks(page.items, links);
  const items = direction === 'tbRl' ? drawn.map(uprightItem) : drawn;
  const group: GroupItem = { kind: 'group', transform, items };
  const turnedLinks = links.map((l): LinkItem => {
    const a = onSheet(transform, l.x, l.y);
    const b = onSheet(transform, l.x + l.w, l.y + l.h);
    return { ...l, x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(b.x - a.x), h: Math.abs(b.y - a.y) };
  });
  return { ...page, widthPt: page.heightPt, heightPt: page.widthPt, items: [group, ...turnedLinks] };
}

/** The items without their link areas (collected into `links`), looking into untransformed groups. */
function withoutLinks(items: readonly LayoutItem[], links: LinkItem[]): LayoutItem[] {
  const out: LayoutItem[] = [];
  for (const i of items) {
    if (i.kind === 'link') links.push(i);
    else if (i.kind === 'group' && !i.transform) out.push({ ...i, items: withoutLinks(i.items, links) });
    else out.push(i);
  }
  return out;
}

/**
 * Characters set upright in vertical lines (Unicode's Vertical_Orientation U and Tu, UAX #50,
 * approximated by blocks): CJK symbols and punctuation, kana, Han, Hangul, compatibility ideographs and
 * the fullwidth forms. Brackets, the prolonged sound mark and the wave dash (Tr) turn with the line.
 */
export function isUpright(cp: number): boolean {
  if (TURNED.has(cp)) return false;
  return (
    (cp >= 0x2e80 && cp <= 0x2fff) ||
    (cp >= 0x3000 && cp <= 0x30ff) ||
    (cp >= 0x3100 && cp <= 0x31ff) ||
    (cp >= 0x3200 && cp <= 0x9fff) ||
    (cp >= 0xac00 && cp <= 0xd7af) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xffef) ||
    (cp >= 0x20000 && cp <= 0x3ffff)
  );
}

/** CJK brackets and marks that lie on their side in vertical lines (Vertical_Orientation Tr). */
const TURNED = new Set([
  0x3008, 0x3009, 0x300a, 0x300b, 0x300c, 0x300d, 0x300e, 0x300f, 0x3010, 0x3011, 0x3014, 0x3015, 0x3016, 0x3017, 0x3018, 0x3019, 0x301a, 0x301b,
  0x301c, 0x30fc, 0xff08, 0xff09, 0xff3b, 0xff3d, 0xff5b, 0xff5d, 0xff5e, 0xff0d, 0xff1c, 0xff1e,
]);

/**
 * Commas and full stops sit in the lower left of a horizontal em box and in the upper right of a
 * vertical one (the fonts' vert forms): drawn upright, they move there by this fraction of the size.
 */
const CORNER_MARKS = new Set([0x3001, 0x3002, 0xff0c, 0xff0e]);
const CORNER_SHIFT = 0.6;

/** The centre of an upright glyph's em box below the baseline, as a fraction of the size (ideographic: 0.88 above, 0.12 below). */
export const EM_CENTRE = 0.38;

function uprightItem(item: LayoutItem): LayoutItem {
  if (item.kind === 'group') {
    const items = item.items.map(uprightItem);
    return items.every((x, i) => x === item.items[i]) ? item : { ...item, items };
  }
  if (item.kind !== 'glyphs' || item.rtl) return item;
  return uprightRun(item);
}

/** Splits a run so that each upright character is drawn turned back a quarter about its em box's centre. */
function uprightRun(run: GlyphRun): LayoutItem {
  const n = run.glyphs.length;
  const upright: boolean[] = [];
  let any = false;
  for (let i = 0; i < n; i++) {
    const cp = run.text.codePointAt(run.clusters[i]!) ?? 0;
    upright.push(isUpright(cp));
    any ||= upright[i]!;
  }
  if (!any) return run;
  const parts: LayoutItem[] = [];
  let x = run.x;
  let i = 0;
  while (i < n) {
    let j = i + 1;
    while (j < n && upright[j] === upright[i]) j++;
    const slice = part(run, i, j, x);
    if (!upright[i]) parts.push(slice);
    else {
      // One group per glyph: each stands upright in its own em box.
      let gx = x;
      for (let k = i; k < j; k++) {
        const glyph = part(run, k, k + 1, gx);
        const cx = gx + run.advances[k]! / 2;
        const cy = run.y - EM_CENTRE * run.sizePt;
        // A quarter turn back about (cx, cy): (x, y) → (cx + (y − cy), cy − (x − cx)); a comma or
        // full stop then moves up and right on the sheet, which is back and up on the laid-out page.
        const shift = CORNER_MARKS.has(run.text.codePointAt(run.clusters[k]!) ?? 0) ? CORNER_SHIFT * run.sizePt : 0;
        parts.push({ kind: 'group', transform: [0, -1, 1, 0, cx - cy - shift, cx + cy - shift], items: [glyph] });
        gx += run.advances[k]!;
      }
    }
    for (let k = i; k < j; k++) x += run.advances[k]!;
    i = j;
  }
  return { kind: 'group', items: parts };
}

/** Glyphs i..j of a run as a run of their own starting at pen position x. */
function part(run: GlyphRun, i: number, j: number, x: number): GlyphRun {
  const from = run.clusters[i]!;
  const to = j < run.glyphs.length ? run.clusters[j]! : run.text.length;
  return {
    ...run,
    x,
    glyphs: run.glyphs.slice(i, j),
    advances: run.advances.slice(i, j),
    text: run.text.slice(from, to),
    clusters: run.clusters.slice(i, j).map((c) => c - from),
  };
}
