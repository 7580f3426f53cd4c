/**
 * The style sheet (word/styles.xml, §17.7): document defaults, styles with their basedOn chains
 * resolved once (cycle-safe, memoised), linked styles, the default style of each type, and table
 * styles' conditional formatting blocks (w:tblStylePr) kept per condition.
 */
import type { XmlElement } from '../xml';
import { attr, child } from '../xml';
import type { PropsEnv } from './env';
import { cloneRawPara, overridePara, readRawPara, type RawPara } from './para-props';
import { overrideRun, readRawRun, type RawRun } from './run-props';
import { onOff } from './values';

/** Table-style formatting for one condition (w:tblStylePr) or the whole table. */
export interface TableStyleBlock {
  readonly rPr: RawRun;
  readonly pPr: RawPara;
  readonly tblPr?: XmlElement;
  readonly trPr?: XmlElement;
  readonly tcPr?: XmlElement;
}

/** One style definition (w:style, CT_Style). */
export interface StyleDef {
  readonly id: string;
  readonly type: 'paragraph' | 'character' | 'table' | 'numbering';
  readonly name?: string;
  readonly basedOn?: string;
  readonly link?: string;
  readonly isDefault: boolean;
  readonly rPr: RawRun;
  readonly pPr: RawPara;
  readonly tblPr?: XmlElement;
  readonly trPr?: XmlElement;
  readonly tcPr?: XmlElement;
  /** Conditional blocks by w:type (firstRow, band1Horz, ...). */
  readonly conditions: ReadonlyMap<string, TableStyleBlock>;
}

/** The resolved style sheet. */
export interface StyleSheet {
  readonly defaultRun: RawRun;
  readonly defaultPara: RawPara;
  readonly styles: ReadonlyMap<string, StyleDef>;
  readonly defaultParagraphStyle?: string;
  readonly defaultCharacterStyle?: string;
  readonly defaultTableStyle?: string;
  /** A style's run properties with its basedOn chain applied (plain override within a chain). */
  chainRun(id: string | undefined): RawRun;
  /** A style's paragraph properties with its basedOn chain applied. */
  chainPara(id: string | undefined): RawPara;
  /** A table style's chain of definitions, base first (for tblPr/tcPr and conditions). */
  chain(id: string | undefined): readonly StyleDef[];
  /** The character style to use for an rStyle value (a paragraph style id maps to its linked style). */
  characterStyle(id: string | undefined): string | undefined;
}

/** Longest basedOn chain followed; longer (or cyclic) chains are cut. */
const MAX_CHAIN = 32;

const TYPES = new Set(['paragraph', 'character', 'table', 'numbering']);

/** Reads w:styles with a reporter for unhandled property elements. */
export function readStyles(env: PropsEnv, root: XmlElement | undefined, unknown?: (name: string) => void): StyleSheet {
  const defaults = child(root, 'w:docDefaults');
  const defaultRun = readRawRun(env, child(child(defaults, 'w:rPrDefault'), 'w:rPr'), unknown);
  // A frame in the document defaults would turn every paragraph into one positioned box; some
  // generators write an all-zero framePr there, which Word and LibreOffice lay out as normal text.
  const { framePr: _defaultFrame, ...defaultPara } = readRawPara(env, child(child(defaults, 'w:pPrDefault'), 'w:pPr'), unknown);
  const styles = new Map<string, StyleDef>();
  const firstDefault: Record<string, string> = {};
  for (const el of root?.children ?? []) {
    if (el.kind !== 'element' || el.name !== 'w:style') continue;
    const def = readStyle(env, el, unknown);
    if (!def || styles.has(def.id)) continue;
    styles.set(def.id, def);
    if (def.isDefault && firstDefault[def.type] === undefined) firstDefault[def.type] = def.id;
  }
  return new Sheet(defaultRun, defaultPara, styles, firstDefault);
}

function readStyle(env: PropsEnv, el: XmlElement, unknown?: (name: string) => void): StyleDef | undefined {
  const id = attr(el, 'w:styleId');
  const type = attr(el, 'w:type') ?? 'paragraph';
  if (!id || !TYPES.has(type)) return undefined;
  const conditions = new Map<string, TableStyleBlock>();
  for (const c of el.children) {
    if (c.kind !== 'element' || c.name !== 'w:tblStylePr') continue;
    const t = attr(c, 'w:type');
    if (!t || conditions.has(t)) continue;
    conditions.set(t, {
      rPr: readRawRun(env, child(c, 'w:rPr'), unknown),
      pPr: readRawPara(env, child(c, 'w:pPr'), unknown),
      tblPr: child(c, 'w:tblPr'),
      trPr: child(c, 'w:trPr'),
      tcPr: child(c, 'w:tcPr'),
    });
  }
  const basedOn = attr(child(el, 'w:basedOn'), 'w:val');
  const link = attr(child(el, 'w:link'), 'w:val');
  const name = attr(child(el, 'w:name'), 'w:val');
  return {
    id,
    type: type as StyleDef['type'],
    name,
    basedOn: basedOn && basedOn !== id ? basedOn : undefined,
    link,
    isDefault: onOff(el, 'w:default') === true && el.attrs['w:default'] !== undefined,
    rPr: readRawRun(env, child(el, 'w:rPr'), unknown),
    pPr: readRawPara(env, child(el, 'w:pPr'), unknown),
    tblPr: child(el, 'w:tblPr'),
    trPr: child(el, 'w:trPr'),
    tcPr: child(el, 'w:tcPr'),
    conditions,
  };
}

class Sheet implements StyleSheet {
  private readonly runCache = new Map<string, RawRun>();
  private readonly paraCache = new Map<string, RawPara>();
  private readonly chainCache = new Map<string, readonly StyleDef[]>();
  readonly defaultParagraphStyle?: string;
  readonly defaultCharacterStyle?: string;
  readonly defaultTableStyle?: string;

  constructor(
    readonly defaultRun: RawRun,
    readonly defaultPara: RawPara,
    readonly styles: ReadonlyMap<string, StyleDef>,
    defaults: Record<string, string>,
  ) {
    this.defaultParagraphStyle = defaults['paragraph'];
    this.defaultCharacterStyle = defaults['character'];
    this.defaultTableStyle = defaults['table'];
  }

  chain(id: string | undefined): readonly StyleDef[] {
    if (!id) return [];
    const hit = this.chainCache.get(id);
    if (hit) return hit;
    const out: StyleDef[] = [];
    const seen = new Set<string>();
    let cur: string | undefined = id;
    while (cur && !seen.has(cur) && out.length < MAX_CHAIN) {
      seen.add(cur);
      const def = this.styles.get(cur);
      if (!def) break;
      out.push(def);
      cur = def.basedOn;
    }
    out.reverse();
    this.chainCache.set(id, out);
    return out;
  }

  chainRun(id: string | undefined): RawRun {
    if (!id) return EMPTY_RUN;
    let hit = this.runCache.get(id);
    if (!hit) {
      hit = {};
      for (const def of this.chain(id)) overrideRun(hit, def.rPr);
      this.runCache.set(id, hit);
    }
    return hit;
  }

  chainPara(id: string | undefined): RawPara {
    if (!id) return EMPTY_PARA;
    let hit = this.paraCache.get(id);
    if (!hit) {
      hit = {};
      for (const def of this.chain(id)) overridePara(hit, cloneRawPara(def.pPr));
      this.paraCache.set(id, hit);
    }
    return hit;
  }

  characterStyle(id: string | undefined): string | undefined {
    if (!id) return undefined;
    const def = this.styles.get(id);
    if (!def) return undefined;
    if (def.type === 'character') return id;
    const linked = def.link ? this.styles.get(def.link) : undefined;
    return linked && linked.type === 'character' ? linked.id : undefined;
  }
}

const EMPTY_RUN: RawRun = Object.freeze({}) as RawRun;
const EMPTY_PARA: RawPara = Object.freeze({}) as RawPara;

/** An empty style sheet (package without styles.xml). */
export function emptyStyles(): StyleSheet {
  return new Sheet({}, {}, new Map(), {});
}
