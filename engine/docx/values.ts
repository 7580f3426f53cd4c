/**
 * Attribute value readers for WordprocessingML simple types, converting units once, here.
 *
 * Every reader returns `undefined` for an absent or unusable value, never NaN, and clamps numbers to
 * a sane range so hostile values (1e308 twips) cannot poison layout arithmetic.
 */
import type { XmlElement } from '../xml';

/** Largest length accepted anywhere, in points (about 7 m): larger values are clamped. */
export const MAX_LENGTH_PT = 20000;

/** Reads an ST_OnOff element (§17.17.4): present without w:val = true; `0`/`false`/`off` = false. */
export function onOff(el: XmlElement | undefined, name = 'w:val'): boolean | undefined {
  if (!el) return undefined;
  const v = el.attrs[name];
  if (v === undefined) return true;
  return !(v === '0' || v === 'false' || v === 'off');
}

/** Parses an ST_OnOff attribute value, or undefined when absent. */
export function onOffValue(v: string | undefined): boolean | undefined {
  if (v === undefined) return undefined;
  return !(v === '0' || v === 'false' || v === 'off');
}

/** Parses a decimal integer (ST_DecimalNumber), or undefined. */
export function intValue(v: string | undefined): number | undefined {
  if (v === undefined || v === '') return undefined;
  const n = Number(v.trim());
  if (!Number.isFinite(n)) return undefined;
  return Math.trunc(n);
}

/** Reads an integer attribute. */
export function intAttr(el: XmlElement | undefined, name = 'w:val'): number | undefined {
  return el ? intValue(el.attrs[name]) : undefined;
}

/** Reads a number attribute (decimals allowed). */
export function numAttr(el: XmlElement | undefined, name = 'w:val'): number | undefined {
  if (!el) return undefined;
  const v = el.attrs[name];
  if (v === undefined || v === '') return undefined;
  const n = Number(v.trim());
  return Number.isFinite(n) ? n : undefined;
}

/** Clamps a length in points to ±MAX_LENGTH_PT. */
export function clampPt(pt: number): number {
  return pt > MAX_LENGTH_PT ? MAX_LENGTH_PT : pt < -MAX_LENGTH_PT ? -MAX_LENGTH_PT : pt;
}

const UNIVERSAL = /^(-?[0-9]*\.?[0-9]+)(mm|cm|in|pt|pc|pi)$/;
const PT_PER_UNIT: Record<string, number> = { mm: 72 / 25.4, cm: 72 / 2.54, in: 72, pt: 1, pc: 12, pi: 12 };

/**
 * Parses a measure that is a plain number in `unitsPerPt` units (twips: 20, half-points: 2, EMU: 12700)
 * or an ST_UniversalMeasure such as `2.54cm` (§22.9.2.15), returning points.
 */
export function measureValue(v: string | undefined, unitsPerPt: number): number | undefined {
  if (v === undefined) return undefined;
  const s = v.trim();
  if (s === '') return undefined;
  const n = Number(s);
  if (Number.isFinite(n)) return clampPt(n / unitsPerPt);
  const m = UNIVERSAL.exec(s);
  if (!m) return undefined;
  return clampPt(Number(m[1]) * PT_PER_UNIT[m[2]!]!);
}

/** Reads a twips measure (ST_TwipsMeasure / ST_SignedTwipsMeasure) as points. */
export function twipsAttr(el: XmlElement | undefined, name = 'w:val'): number | undefined {
  return el ? measureValue(el.attrs[name], 20) : undefined;
}

/** Reads a half-point measure (ST_HpsMeasure) as points. */
export function halfPtAttr(el: XmlElement | undefined, name = 'w:val'): number | undefined {
  return el ? measureValue(el.attrs[name], 2) : undefined;
}

/** Reads an EMU coordinate (ST_Coordinate, §20.1.10.16) as points. */
export function emuAttr(el: XmlElement | undefined, name: string): number | undefined {
  return el ? measureValue(el.attrs[name], 12700) : undefined;
}

/** Normalises an RGB hex colour (ST_HexColor) to upper-case `RRGGBB`; `auto` and junk give undefined. */
export function hexColor(v: string | undefined): string | undefined {
  if (v === undefined) return undefined;
  const s = v.trim();
  if (s.length === 6 && /^[0-9A-Fa-f]{6}$/.test(s)) return s.toUpperCase();
  if (s.length === 3 && /^[0-9A-Fa-f]{3}$/.test(s)) return (s[0]! + s[0]! + s[1]! + s[1]! + s[2]! + s[2]!).toUpperCase();
  return undefined;
}

/** Reads a percentage that may be written as `50%` or as fiftieths/thousandths (`2500`, divisor given). */
export function percentValue(v: string | undefined, divisor: number): number | undefined {
  if (v === undefined) return undefined;
  const s = v.trim();
  if (s.endsWith('%')) {
    const n = Number(s.slice(0, -1));
    return Number.isFinite(n) ? n / 100 : undefined;
  }
  const n = Number(s);
  return Number.isFinite(n) ? n / divisor : undefined;
}

/** Clamps an integer into [lo, hi]. */
export function clampInt(n: number, lo: number, hi: number): number {
  return n < lo ? lo : n > hi ? hi : Math.trunc(n);
}

/** Picks a value from a fixed set, or undefined. */
export function oneOf<T extends string>(v: string | undefined, allowed: readonly T[]): T | undefined {
  return v !== undefined && (allowed as readonly string[]).includes(v) ? (v as T) : undefined;
}
