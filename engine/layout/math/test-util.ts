/**
 * Test helpers: a face resolver whose every face is the shipped DejaVu Math TeX Gyre (tests only:
 * it reads the font with node:fs through engine/text/testing).
 */
import type { RunProps } from '../../model';
import { shippedBytes } from '../../text/testing/shipped';
import type { Face, FaceResolver } from '../faces';

const bytes = shippedBytes('DejaVuMathTeXGyre.ttf')!;
const metrics = (s: number) => ({ ascentPt: s, descentPt: s / 4, lineHeightPt: s * 1.25 });

/** The math face, enough of it for math layout (no shaping: math runs map characters themselves). */
export const MATH_TEST_FACE = {
  key: 'math', family: 'DejaVu Math TeX Gyre', postscriptName: 'DejaVuMathTeXGyre-Regular', data: bytes, unitsPerEm: 1000, syntheticBold: false,
  syntheticItalic: false, widthScale: 1, underlinePosition: 0, underlineThickness: 0, strikeoutPosition: 0, strikeoutSize: 0,
  shape: () => ({ glyphs: [], advances: [], clusters: [] }), glyphInkRight: () => 0, lineMetrics: metrics, chartMetrics: metrics,
} as Face;

/** A resolver answering the math face for everything. */
export const MATH_TEST_FACES: FaceResolver = {
  mapText: (t) => t,
  primary: () => MATH_TEST_FACE,
  segment: (t) => [{ start: 0, end: t.length, face: MATH_TEST_FACE }],
};

/** 20 pt Cambria Math run properties. */
export const MATH_TEST_PROPS = { sizePt: 20, font: 'Cambria Math' } as RunProps;
