import { describe, expect, it } from 'vitest';
import type { PathCommand } from '../model';
import { drawPreset, isKnownPreset } from './geometry';
import { isTextWarpPreset, tablePreset, textWarpGuides } from './preset-geometry';

type Pt = [number, number];
const round = (v: number) => Math.round(v * 1000) / 1000;
/** The end points of a path's commands (M, L and C ends), rounded. */
const ends = (path: readonly PathCommand[]): Pt[] => path.filter((c) => c.op !== 'Z').map((c) => [round((c as { x: number }).x), round((c as { y: number }).y)]);
const defaults = (_n: string, d: number) => d;

/** All 187 preset names of ST_ShapeType (ECMA-376 Part 1 §20.1.10.56). */
const ALL_PRESETS = `line lineInv triangle rtTriangle rect diamond parallelogram trapezoid nonIsoscelesTrapezoid pentagon hexagon heptagon
octagon decagon dodecagon star4 star5 star6 star7 star8 star10 star12 star16 star24 star32 roundRect round1Rect round2SameRect
round2DiagRect snipRoundRect snip1Rect snip2SameRect snip2DiagRect plaque ellipse teardrop homePlate chevron pieWedge pie blockArc donut
noSmoking rightArrow leftArrow upArrow downArrow stripedRightArrow notchedRightArrow bentUpArrow leftRightArrow upDownArrow leftUpArrow
leftRightUpArrow quadArrow leftArrowCallout rightArrowCallout upArrowCallout downArrowCallout leftRightArrowCallout upDownArrowCallout
quadArrowCallout bentArrow uturnArrow circularArrow leftCircularArrow leftRightCircularArrow curvedRightArrow curvedLeftArrow curvedUpArrow
curvedDownArrow swooshArrow cube can lightningBolt heart sun moon smileyFace irregularSeal1 irregularSeal2 foldedCorner bevel frame
halfFrame corner diagStripe chord arc leftBracket rightBracket leftBrace rightBrace bracketPair bracePair straightConnector1
bentConnector2 bentConnector3 bentConnector4 bentConnector5 curvedConnector2 curvedConnector3 curvedConnector4 curvedConnector5 callout1
callout2 callout3 accentCallout1 accentCallout2 accentCallout3 borderCallout1 borderCallout2 borderCallout3 accentBorderCallout1
accentBorderCallout2 accentBorderCallout3 wedgeRectCallout wedgeRoundRectCallout wedgeEllipseCallout cloudCallout cloud ribbon ribbon2
ellipseRibbon ellipseRibbon2 leftRightRibbon verticalScroll horizontalScroll wave doubleWave plus flowChartProcess flowChartDecision
flowChartInputOutput flowChartPredefinedProcess flowChartInternalStorage flowChartDocument flowChartMultidocument flowChartTerminator
flowChartPreparation flowChartManualInput flowChartManualOperation flowChartConnector flowChartPunchedCard flowChartPunchedTape
flowChartSummingJunction flowChartOr flowChartCollate flowChartSort flowChartExtract flowChartMerge flowChartOfflineStorage
flowChartOnlineStorage flowChartMagneticTape flowChartMagneticDisk flowChartMagneticDrum flowChartDisplay flowChartDelay
flowChartAlternateProcess flowChartOffpageConnector actionButtonBlank actionButtonHome actionButtonHelp actionButtonInformation
actionButtonForwardNext actionButtonBackPrevious actionButtonEnd actionButtonBeginning actionButtonReturn actionButtonDocument
actionButtonSound actionButtonMovie gear6 gear9 funnel mathPlus mathMinus mathMultiply mathDivide mathEqual mathNotEqual cornerTabs
squareTabs plaqueTabs chartX chartStar chartPlus`.split(/\s+/);

describe('preset table (§20.1.10.56 guides evaluated)', () => {
  it('knows every preset of ST_ShapeType', () => {
    expect(ALL_PRESETS).toHaveLength(187);
    expect(ALL_PRESETS.filter((n) => !isKnownPreset(n))).toEqual([]);
  });

  it('draws bentUpArrow at the points its guides give (100 × 50 pt, defaults)', () => {
    // ss = 50: y1 = ss·25% = 12.5, x1 = r − ss·50% = 75, x3 = r − 12.5 = 87.5, x2/x4 = x3 ∓ ss·12.5% = 81.25/93.75, y2 = b − 12.5.
    const g = tablePreset('bentUpArrow', 100, 50, defaults)!;
    expect(ends(g.paths[0]!)).toEqual([[0, 37.5], [81.25, 37.5], [81.25, 12.5], [75, 12.5], [87.5, 0], [100, 12.5], [93.75, 12.5], [93.75, 50], [0, 50]]);
    expect(g.textRect).toEqual({ left: 0, top: 37.5, right: 93.75, bottom: 50 });
  });

  it('takes the shape’s own adjust values over the defaults', () => {
    const g = tablePreset('bentUpArrow', 100, 50, (n, d) => (n === 'adj3' ? 50000 : d))!;
    // y1 = ss·50% = 25.
    expect(ends(g.paths[0]!)[2]).toEqual([81.25, 25]);
  });

  it('sweeps arcs between the angles seen from the centre (chord, pie, arc)', () => {
    // chord 100 × 100: from 45° (85.355, 85.355) round to 270° (the top centre).
    const chord = ends(tablePreset('chord', 100, 100, defaults)!.paths[0]!);
    expect(chord[0]).toEqual([85.355, 85.355]);
    expect(chord.at(-1)).toEqual([50, 0]);
    // pie 200 × 100 from 0° to 90°: right middle → bottom middle → centre.
    const pie = ends(tablePreset('pie', 200, 100, (n, d) => (n === 'adj2' ? 5400000 : d))!.paths[0]!);
    expect([pie[0], pie.at(-2), pie.at(-1)]).toEqual([[200, 50], [100, 100], [100, 50]]);
    // arc 200 × 100 from 0° to 45°: it ends on the ray at 45° from the centre, where the ellipse meets it.
    const arc = ends(tablePreset('arc', 200, 100, (n, d) => (n === 'adj1' ? 0 : n === 'adj2' ? 2700000 : d))!.paths[1]!);
    expect(arc.at(-1)).toEqual([144.721, 94.721]);
  });

  it('keeps the paint of each path: fill none, no stroke, darker and lighter faces', () => {
    const cube = tablePreset('cube', 100, 100, defaults)!;
    expect(cube.paints).toEqual([{ stroke: false }, { stroke: false, fill: 'darkenLess' }, { stroke: false, fill: 'lightenLess' }, { fill: 'none' }]);
    expect(tablePreset('borderCallout1', 100, 50, defaults)!.paints).toEqual([undefined, { fill: 'none' }]);
  });

  it('draws the stars, polygons, the frame and the terminator of the spec, no longer approximations', () => {
    // star5 200 × 100: its outer points touch the box (hf, vf widen it): x1 = hc − swd2·cos 18° = 0, y1 = svc − shd2·sin 18°.
    expect(ends(drawPreset('star5', 200, 100).paths[0]!)[0]).toEqual([0, 38.197]);
    expect(ends(drawPreset('pentagon', 200, 100).paths[0]!)[0]).toEqual([0, 38.197]);
    // frame: one outline with a hole, so the inside is not filled.
    const frame = drawPreset('frame', 100, 100).paths;
    expect(frame).toHaveLength(1);
    expect(frame[0]!.filter((c) => c.op === 'M')).toHaveLength(2);
    // flowChartTerminator 300 × 50: its ends are half ellipses 3475/21600 of the width wide, not half circles.
    expect(ends(drawPreset('flowChartTerminator', 300, 50).paths[0]!)[1]![0]).toBeCloseTo(300 * 18125 / 21600, 3);
  });

  it('gives hand-drawn presets their text rectangle', () => {
    // ellipse: the inscribed rectangle at 45°, hc ± wd2·cos 45°.
    const r = drawPreset('ellipse', 200, 100).textRect!;
    expect([r.left, r.top, r.right, r.bottom].map(round)).toEqual([29.289, 14.645, 170.711, 85.355]);
  });

  it('never yields a non-finite point, whatever the size and adjust values', () => {
    const hostile = [0, -1e12, 1e12, 2147483647, -2147483647];
    const sizes: Array<[number, number]> = [[0, 0], [0, 50], [1e7, 1], [0.001, 1e5], [Number.NaN, 10]];
    for (const name of ALL_PRESETS) {
      for (const [w, h] of sizes) {
        for (const v of hostile) {
          const g = drawPreset(name, w, h, () => v);
          const nums = g.paths.flat().flatMap((c) => Object.values(c).filter((x): x is number => typeof x === 'number'));
          expect(nums.every(Number.isFinite), `${name} ${w}×${h} adj ${v}`).toBe(true);
        }
      }
    }
  });
});

describe('preset text warps (a:prstTxWarp guides, Annex D presetTextWarpDefinitions)', () => {
  /** ST_TextShapeType values other than textNoShape, and the four whose guides come a pair (or more) per line. */
  const ALL_WARPS = `textPlain textStop textTriangle textTriangleInverted textChevron textChevronInverted textRingInside textRingOutside textArchUp
textArchDown textCircle textButton textArchUpPour textArchDownPour textCirclePour textButtonPour textCurveUp textCurveDown textCanUp textCanDown
textWave1 textWave2 textDoubleWave1 textWave4 textInflate textDeflate textInflateBottom textDeflateBottom textInflateTop textDeflateTop
textDeflateInflate textDeflateInflateDeflate textFadeRight textFadeLeft textFadeUp textFadeDown textSlantUp textSlantDown textCascadeUp
textCascadeDown`.split(/\s+/);
  const MULTI_LINE = new Set(['textButton', 'textButtonPour', 'textDeflateInflate', 'textDeflateInflateDeflate']);

  it('gives one guide for arches and circles and two (top, bottom) for the rest, inside the text area', () => {
    for (const name of ALL_WARPS) {
      expect(isTextWarpPreset(name), name).toBe(!MULTI_LINE.has(name));
      const guides = textWarpGuides(name, 300, 100, defaults);
      if (MULTI_LINE.has(name)) {
        expect(guides, name).toBeUndefined();
        continue;
      }
      const single = ['textArchUp', 'textArchDown', 'textCircle'].includes(name);
      expect(guides!.length, name).toBe(single ? 1 : 2);
      for (const g of guides!) {
        expect(g[0]!.op, name).toBe('M');
        for (const [x, y] of ends(g)) {
          expect(x, name).toBeGreaterThanOrEqual(-0.01);
          expect(x, name).toBeLessThanOrEqual(300.01);
          expect(y, name).toBeGreaterThanOrEqual(-0.01);
          expect(y, name).toBeLessThanOrEqual(100.01);
        }
      }
    }
  });

  it('draws the arches from the left end of the middle to the right end, over the top or along the bottom', () => {
    const up = ends(textWarpGuides('textArchUp', 300, 100, defaults)![0]!);
    const down = ends(textWarpGuides('textArchDown', 300, 100, defaults)![0]!);
    expect(up[0]).toEqual([0, 50]);
    expect(up[up.length - 1]).toEqual([300, 50]);
    expect(Math.min(...up.map((p) => p[1]))).toBeCloseTo(0, 1);
    expect(down[0]).toEqual([0, 50]);
    expect(down[down.length - 1]).toEqual([300, 50]);
    expect(Math.max(...down.map((p) => p[1]))).toBeCloseTo(100, 1);
    // The adjust value moves the chevron's peak: adj 50000 puts it half way down.
    const chevron = textWarpGuides('textChevron', 300, 100, (n, d) => (n === 'adj' ? 50000 : d))!;
    expect(chevron.map(ends)).toEqual([[[0, 50], [150, 0], [300, 50]], [[0, 100], [150, 50], [300, 100]]]);
  });
});
