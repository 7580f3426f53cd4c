/**
 * Numbering definitions (word/numbering.xml, §17.9): abstract numbering with nine levels, numbering
 * instances with level overrides and start overrides, and numbering-style links (numStyleLink →
 * a numbering style's numId → the abstract with the matching styleLink), followed cycle-safely.
 */
import type { XmlElement } from '../xml';
import { attr, child, children } from '../xml';
import { CUSTOM_PREFIX } from '../format';
import { chooseAlternate } from './alternate';
import type { PropsEnv } from './env';
import { readRawPara, type RawPara } from './para-props';
import { readRawRun, type RawRun } from './run-props';
import type { StyleSheet } from './styles';
import { intAttr } from './values';

/** One level of a list (w:lvl, CT_Lvl, §17.9.6). */
export interface LevelDef {
  readonly ilvl: number;
  readonly start: number;
  /** ST_NumberFormat (`decimal`, `bullet`, ...). */
  readonly numFmt: string;
  /** The label template with %1..%9 placeholders; undefined = no label (w:lvlText absent). */
  readonly lvlText?: string;
  readonly isLgl: boolean;
  /** w:lvlRestart: 0 = never; n = restart after levels 1..n (1-based); undefined = after any higher level. */
  readonly restart?: number;
  readonly suffix: 'tab' | 'space' | 'nothing';
  readonly jc: 'left' | 'center' | 'right';
  readonly pPr: RawPara;
  readonly rPr: RawRun;
  /** Paragraph style linked to this level (w:pStyle). */
  readonly pStyle?: string;
  /** The level names a picture bullet (w:lvlPicBulletId): its picture when numbering.xml has it, else a plain bullet. */
  readonly pictureBullet: boolean;
  /** The picture bullet w:lvlPicBulletId names (w:numPicBullet, §17.9.20), when numbering.xml defines it. */
  readonly picture?: PictureBulletDef;
  /** Word 6/95 numbering (w:legacy, §17.9.5) in points, when its w:legacy attribute is on. */
  readonly legacy?: { readonly indentPt: number; readonly spacePt: number };
}

/** A picture bullet's picture (w:numPicBullet's w:pict or w:drawing, §17.9.20) and the part whose relationships it names. */
export interface PictureBulletDef {
  readonly picture: XmlElement;
  readonly part: string;
}

/** The levels a numbering instance uses, with the key its counters are shared under. */
export interface ResolvedList {
  /** Counters are shared by instances of the same abstract numbering (Word continues such lists). */
  readonly counterKey: string;
  readonly levels: ReadonlyArray<LevelDef | undefined>;
  /** Start overrides by level (w:lvlOverride/w:startOverride), applied when the instance is first used. */
  readonly startOverrides: ReadonlyMap<number, number>;
}

/** Resolved numbering. */
export interface Numbering {
  /** The list of a w:numId, or undefined (numId 0, unknown ids). */
  list(numId: string): ResolvedList | undefined;
  /**
   * The list an abstract numbering's w:name names (the first so named), as a LISTNUM field refers to
   * it (§17.16.5, LISTNUM): its own levels and counters, no instance's overrides.
   */
  named(name: string): ResolvedList | undefined;
}

interface AbstractDef {
  readonly id: string;
  readonly levels: Array<LevelDef | undefined>;
  readonly numStyleLink?: string;
  readonly styleLink?: string;
  /** w:abstractNum/w:name (§17.9.14): the name a LISTNUM field gives. */
  readonly name?: string;
}

interface NumDef {
  readonly abstractId: string;
  readonly levelOverrides: Map<number, LevelDef>;
  readonly startOverrides: Map<number, number>;
}

const ALIGN: Record<string, LevelDef['jc']> = { left: 'left', start: 'left', center: 'center', right: 'right', end: 'right' };

function readLevel(env: PropsEnv, el: XmlElement, bullets: ReadonlyMap<string, PictureBulletDef>, unknown?: (name: string) => void): LevelDef | undefined {
  const ilvl = intAttr(el, 'w:ilvl');
  if (ilvl === undefined || ilvl < 0 || ilvl > 8) return undefined;
  const start = intAttr(child(el, 'w:start'));
  const fmtEl = levelNumFmt(el);
  let fmt = attr(fmtEl, 'w:val') ?? 'decimal';
  // A custom format (w14, [MS-DOCX]) carries Word's sample of its sequence in w:format.
  const sample = fmt === 'custom' ? attr(fmtEl, 'w:format') : undefined;
  if (sample !== undefined) fmt = CUSTOM_PREFIX + sample;
  const textEl = child(el, 'w:lvlText');
  const restart = intAttr(child(el, 'w:lvlRestart'));
  const suff = attr(child(el, 'w:suff'), 'w:val');
  const pStyle = attr(child(el, 'w:pStyle'), 'w:val');
  const picId = child(el, 'w:lvlPicBulletId');
  const picture = bullets.get(attr(picId, 'w:val') ?? '');
  return {
    ilvl,
    start: start === undefined ? 1 : Math.max(0, Math.min(32767, start)),
    numFmt: fmt,
    ...(textEl ? { lvlText: attr(textEl, 'w:val') ?? '' } : {}),
    isLgl: child(el, 'w:isLgl') !== undefined && attr(child(el, 'w:isLgl'), 'w:val') !== '0' && attr(child(el, 'w:isLgl'), 'w:val') !== 'false',
    ...(restart !== undefined ? { restart: Math.max(0, Math.min(9, restart)) } : {}),
    suffix: suff === 'space' || suff === 'nothing' ? suff : 'tab',
    jc: ALIGN[attr(child(el, 'w:lvlJc'), 'w:val') ?? 'left'] ?? 'left',
    pPr: readRawPara(env, child(el, 'w:pPr'), unknown),
    rPr: readRawRun(env, child(el, 'w:rPr'), unknown),
    ...(pStyle ? { pStyle } : {}),
    pictureBullet: picId !== undefined,
    ...(picture ? { picture } : {}),
    ...readLegacy(child(el, 'w:legacy')),
  };
}

/**
 * A level's w:numFmt, also where Word 2010 and later write it inside mc:AlternateContent: a w14
 * custom format as the Choice, an ST_NumberFormat stand-in as the Fallback.
 */
function levelNumFmt(el: XmlElement): XmlElement | undefined {
  const direct = child(el, 'w:numFmt');
  if (direct) return direct;
  for (const alt of children(el, 'mc:AlternateContent')) {
    const chosen = chooseAlternate(alt);
    const f = chosen ? child(chosen, 'w:numFmt') : undefined;
    if (f) return f;
  }
  return undefined;
}

/**
 * w:legacy (CT_LvlLegacy, §17.9.5), in points. Word applies it only when its w:legacy attribute is
 * on (off by default, unlike the standard's default) and ignores a negative w:legacyIndent
 * (MS-OI29500 2.1.1770); legacySpace is a distance, so a negative one counts as none.
 */
function readLegacy(el: XmlElement | undefined): { legacy?: { indentPt: number; spacePt: number } } {
  const on = attr(el, 'w:legacy');
  if (!el || on === undefined || on === '0' || on === 'false' || on === 'off') return {};
  const twips = (name: string) => Math.min(31680, intAttr(el, name) ?? 0) / 20;
  const indentPt = twips('w:legacyIndent');
  if (indentPt < 0) return {};
  return { legacy: { indentPt, spacePt: Math.max(0, twips('w:legacySpace')) } };
}

/** The picture bullets (w:numPicBullet, §17.9.20) by w:numPicBulletId: the first w:pict or w:drawing of each. */
function readPictureBullets(root: XmlElement | undefined, part: string): Map<string, PictureBulletDef> {
  const out = new Map<string, PictureBulletDef>();
  for (const b of children(root, 'w:numPicBullet')) {
    const id = attr(b, 'w:numPicBulletId');
    const picture = child(b, 'w:pict') ?? child(b, 'w:drawing');
    if (id !== undefined && picture && !out.has(id)) out.set(id, { picture, part });
  }
  return out;
}

/** Reads w:numbering (of the part `part`). `styles` resolves numbering styles for numStyleLink. */
export function readNumbering(env: PropsEnv, root: XmlElement | undefined, styles: StyleSheet, unknown?: (name: string) => void, part = 'word/numbering.xml'): Numbering {
  const abstracts = new Map<string, AbstractDef>();
  const bullets = readPictureBullets(root, part);
  const byStyleLink = new Map<string, string>();
  for (const a of children(root, 'w:abstractNum')) {
    const id = attr(a, 'w:abstractNumId');
    if (id === undefined || abstracts.has(id)) continue;
    const levels: Array<LevelDef | undefined> = new Array(9).fill(undefined);
    for (const l of children(a, 'w:lvl')) {
      const lvl = readLevel(env, l, bullets, unknown);
      if (lvl && !levels[lvl.ilvl]) levels[lvl.ilvl] = lvl;
    }
    const numStyleLink = attr(child(a, 'w:numStyleLink'), 'w:val');
    const styleLink = attr(child(a, 'w:styleLink'), 'w:val');
    const name = attr(child(a, 'w:name'), 'w:val');
    abstracts.set(id, { id, levels, ...(numStyleLink ? { numStyleLink } : {}), ...(styleLink ? { styleLink } : {}), ...(name ? { name } : {}) });
    if (styleLink && !byStyleLink.has(styleLink)) byStyleLink.set(styleLink, id);
  }
  const nums = new Map<string, NumDef>();
  for (const n of children(root, 'w:num')) {
    const id = attr(n, 'w:numId');
    const abstractId = attr(child(n, 'w:abstractNumId'), 'w:val');
    if (id === undefined || abstractId === undefined || nums.has(id)) continue;
    const levelOverrides = new Map<number, LevelDef>();
    const startOverrides = new Map<number, number>();
    for (const o of children(n, 'w:lvlOverride')) {
      const ilvl = intAttr(o, 'w:ilvl');
      if (ilvl === undefined || ilvl < 0 || ilvl > 8) continue;
      const so = intAttr(child(o, 'w:startOverride'));
      if (so !== undefined) startOverrides.set(ilvl, Math.max(0, Math.min(32767, so)));
      const lvlEl = child(o, 'w:lvl');
      const lvl = lvlEl ? readLevel(env, { ...lvlEl, attrs: { ...lvlEl.attrs, 'w:ilvl': String(ilvl) } }, bullets, unknown) : undefined;
      if (lvl) levelOverrides.set(ilvl, lvl);
    }
    nums.set(id, { abstractId, levelOverrides, startOverrides });
  }
  return new NumberingImpl(abstracts, byStyleLink, nums, styles);
}

class NumberingImpl implements Numbering {
  private readonly cache = new Map<string, ResolvedList | null>();
  private readonly byName = new Map<string, ResolvedList | null>();

  constructor(
    private readonly abstracts: Map<string, AbstractDef>,
    private readonly byStyleLink: Map<string, string>,
    private readonly nums: Map<string, NumDef>,
    private readonly styles: StyleSheet,
  ) {}

  list(numId: string): ResolvedList | undefined {
    if (numId === '0' || numId === '') return undefined;
    const hit = this.cache.get(numId);
    if (hit !== undefined) return hit ?? undefined;
    const num = this.nums.get(numId);
    const abs = num ? this.followStyleLinks(this.abstracts.get(num.abstractId)) : undefined;
    if (!num || !abs) {
      this.cache.set(numId, null);
      return undefined;
    }
    const levels = abs.levels.map((l, i) => num.levelOverrides.get(i) ?? l);
    const list: ResolvedList = { counterKey: abs.id, levels, startOverrides: num.startOverrides };
    this.cache.set(numId, list);
    return list;
  }

  named(name: string): ResolvedList | undefined {
    const hit = this.byName.get(name);
    if (hit !== undefined) return hit ?? undefined;
    let found: AbstractDef | undefined;
    for (const a of this.abstracts.values()) {
      if (a.name === name) {
        found = a;
        break;
      }
    }
    const abs = this.followStyleLinks(found);
    const list: ResolvedList | null = abs ? { counterKey: abs.id, levels: abs.levels, startOverrides: new Map() } : null;
    this.byName.set(name, list);
    return list ?? undefined;
  }

  /** numStyleLink → numbering style → its numId → abstract (with styleLink), at most a few hops. */
  private followStyleLinks(start: AbstractDef | undefined): AbstractDef | undefined {
    let abs = start;
    const seen = new Set<string>();
    while (abs && abs.numStyleLink && !seen.has(abs.id) && seen.size < 8) {
      seen.add(abs.id);
      const linked = this.byStyleLink.get(abs.numStyleLink);
      if (linked !== undefined && linked !== abs.id) {
        abs = this.abstracts.get(linked);
        continue;
      }
      const numId = this.styles.chainPara(abs.numStyleLink).numPr?.numId;
      const num = numId !== undefined ? this.nums.get(numId) : undefined;
      const next = num ? this.abstracts.get(num.abstractId) : undefined;
      if (!next || next.id === abs.id) break;
      abs = next;
    }
    return abs;
  }
}

/** An empty numbering (package without numbering.xml). */
export function emptyNumbering(): Numbering {
  return { list: () => undefined, named: () => undefined };
}
