/**
 * Final run properties: a fully cascaded RawRun plus a font slot give a RunProps. The complex-script
 * slot takes bCs/iCs/szCs and the bidi language (§17.3.2.2, §17.3.2.17, §17.3.2.39).
 */
import type { FontDeclaration, RunProps, TextEffects } from '../model';
import { Slot } from './font-slots';
import type { RawRun } from './run-props';

/** Word's font when no level names one, and its size when none gives one (§17.3.2.38: 20 half-points). */
export const DEFAULT_FONT = 'Times New Roman';
export const DEFAULT_SIZE_PT = 10;

/** A font's declaration in the font table (§17.8.3.10), by the name runs use. */
export type FontLookup = (font: string) => FontDeclaration | undefined;

/** Resolved props per slot, stored on the RawRun under a symbol (for-in skips it, so merges do not copy it). */
const RESOLVED = Symbol('resolved');
type WithCache = RawRun & { [RESOLVED]?: Array<RunProps | undefined> };

/** The font family a slot names, falling back across slots as Word does when one is missing. */
export function slotFont(raw: RawRun, slot: Slot): string {
  switch (slot) {
    case Slot.Ascii:
      return raw.ascii ?? raw.hAnsi ?? DEFAULT_FONT;
    case Slot.HAnsi:
      return raw.hAnsi ?? raw.ascii ?? DEFAULT_FONT;
    case Slot.EastAsia:
      return raw.eastAsia ?? raw.ascii ?? raw.hAnsi ?? DEFAULT_FONT;
    default:
      return raw.cs ?? raw.ascii ?? raw.hAnsi ?? DEFAULT_FONT;
  }
}

/** Resolves a cascaded RawRun for one slot (memoised per RawRun object). */
export function resolveRun(raw: RawRun, slot: Slot, declared: FontLookup): RunProps {
  const holder = raw as WithCache;
  let row = holder[RESOLVED];
  if (!row) {
    row = [undefined, undefined, undefined, undefined];
    if (Object.isExtensible(raw)) holder[RESOLVED] = row;
  }
  const hit = row[slot];
  if (hit) return hit;
  const made = buildRunProps(raw, slot, declared);
  row[slot] = made;
  return made;
}

function buildRunProps(raw: RawRun, slot: Slot, declared: FontLookup): RunProps {
  const cs = slot === Slot.Cs;
  const font = slotFont(raw, slot);
  const p: { -readonly [K in keyof RunProps]: RunProps[K] } = {
    font,
    sizePt: (cs ? raw.szCs ?? raw.sz : raw.sz) ?? DEFAULT_SIZE_PT,
    bold: (cs ? raw.bCs : raw.b) === true,
    italic: (cs ? raw.iCs : raw.i) === true,
    strike: raw.strike === true && raw.dstrike !== true,
    doubleStrike: raw.dstrike === true,
    caps: raw.caps === true,
    smallCaps: raw.smallCaps === true && raw.caps !== true,
    vertAlign: raw.vertAlign ?? 'baseline',
    positionPt: raw.position ?? 0,
    // Word recomputes the spacing of a fit-text region and ignores the w:spacing it stored there.
    spacingPt: raw.fitText ? 0 : raw.spacing ?? 0,
    scalePct: raw.scale ?? 100,
    // w:specVanish hides a paragraph mark always (a style separator joins the paragraphs).
    hidden: raw.vanish === true || raw.specVanish === true,
    rtl: raw.rtl === true,
  };
  const decl = declared(font);
  if (decl) p.fontGeneric = decl.generic;
  // w:altName (§17.8.3.1): other names that locate the font where its own name finds none.
  if (decl?.altName) p.fontAlt = decl.altName;
  if (raw.underline && raw.underline.style !== 'none') {
    p.underline = raw.underline.color ? { style: raw.underline.style, color: raw.underline.color } : { style: raw.underline.style };
  }
  if (raw.color && raw.color !== 'auto') p.color = raw.color;
  // A w14:textFill paints the glyphs instead of w:color (Word keeps w:color only for older readers).
  if (raw.textFill && raw.textFill !== 'none') p.color = raw.textFill.color;
  const effects = textEffects(raw);
  if (effects) p.textEffects = effects;
  if (raw.highlight && raw.highlight !== 'none') p.highlight = raw.highlight;
  if (raw.em && raw.em !== 'none') p.emphasisMark = raw.em;
  if (raw.shd) p.shading = raw.shd;
  if (raw.kern !== undefined && raw.kern > 0) p.kernMinPt = raw.kern;
  if (raw.ligatures !== undefined) p.ligatures = raw.ligatures;
  if (raw.emboss) p.emboss = true;
  if (raw.imprint) p.imprint = true;
  if (raw.outline) p.outline = true;
  if (raw.shadow) p.shadow = true;
  const lang = slot === Slot.EastAsia ? raw.langEastAsia : cs ? raw.langBidi : raw.lang;
  if (lang) p.lang = lang;
  if (raw.bdr) p.border = raw.bdr;
  if (raw.fitText) p.fitText = raw.fitText;
  if (raw.eastAsianLayout) p.eastAsianLayout = raw.eastAsianLayout;
  if (raw.rStyle) p.styleId = raw.rStyle;
  return p;
}

/** The w14 text effects that change what is painted; undefined when there are none. */
function textEffects(raw: RawRun): TextEffects | undefined {
  const f = raw.textFill;
  const fill = f === 'none' ? 'none' : f && (f.alpha !== undefined || f.gradient) ? f : undefined;
  const outline = raw.textOutline;
  const shadow = raw.textShadow ?? undefined;
  const glow = raw.textGlow ?? undefined;
  const reflection = raw.textReflection ?? undefined;
  // An outline of no paint over filled glyphs is the plain text.
  if (!fill && (!outline || outline === 'none') && !shadow && !glow && !reflection) return undefined;
  return {
    ...(fill ? { fill } : {}),
    ...(outline ? { outline } : {}),
    ...(shadow ? { shadow } : {}),
    ...(glow ? { glow } : {}),
    ...(reflection ? { reflection } : {}),
  };
}
