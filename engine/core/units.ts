/**
 * Unit conversions, done once at the edge (OOXML units → points).
 *
 * Twips (1/20 pt): w:ind, w:spacing, w:pgSz. Half-points: w:sz. EMU (1/12700 pt): DrawingML.
 * Eighths of a point: border widths (w:sz on CT_Border). Fiftieths of a percent: w:tblW type="pct".
 */

/** Points per inch. */
export const PT_PER_INCH = 72;

/** Converts twentieths of a point (twips) to points. */
export function twipsToPt(twips: number): number {
  return twips / 20;
}

/** Converts half-points to points. */
export function halfPointsToPt(halfPoints: number): number {
  return halfPoints / 2;
}

/** Converts eighths of a point (border widths) to points. */
export function eighthPointsToPt(eighths: number): number {
  return eighths / 8;
}

/** Converts English Metric Units to points. */
export function emuToPt(emu: number): number {
  return emu / 12700;
}

/** Converts CSS pixels (96 per inch) to points. */
export function pxToPt(px: number): number {
  return (px * 72) / 96;
}

/** Rounds to a fixed number of decimals without exponent notation surprises. */
export function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
