/**
 * Text effects Word prints: hollow letters (w:outline, ECMA-376 Part 1 §17.3.2.23), shadows (w:shadow
 * §17.3.2.31 and w14:shadow), relief (w:emboss, w:imprint) and the Word 2010 fill and outline
 * (w14:textFill, w14:textOutline; [MS-DOCX] 2.6). They were read and then dropped: the text was drawn
 * plain. The run stays the one extractable copy of its text: shadow copies are paths, and so are the
 * glow's rings and the reflection's faded mirror copies (w14:glow, w14:reflection), once dropped with
 * a warning.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertDocxToPdf } from '../../engine/convert';
import { parseDocx } from '../../engine/docx';
import { initKernel } from '../../engine/layout';
import type { GlyphRun, GroupItem, LayoutDoc, LayoutItem, PathItem, RunProps } from '../../engine/model';
import { createNodeHost } from '../../node/host';
import { flatItems, layoutDocx } from '../helpers/layout-docx';
import { LETTER_SECT_PR, makeDocx, OFFICE_THEME } from '../helpers/make-docx';

const host = createNodeHost({ now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });

const W14_OUTLINE = '<w14:textOutline w14:w="12700" w14:cap="flat" w14:cmpd="sng" w14:algn="ctr"><w14:solidFill><w14:schemeClr w14:val="accent2"/></w14:solidFill><w14:prstDash w14:val="dash"/><w14:round/></w14:textOutline>';
const W14_NO_FILL = '<w14:textFill><w14:noFill/></w14:textFill>';
const W14_FILL_ALPHA = '<w14:textFill><w14:solidFill><w14:srgbClr w14:val="1155CC"><w14:alpha w14:val="40000"/></w14:srgbClr></w14:solidFill></w14:textFill>';
// Word's "offset diagonal bottom right" shadow: 1.5 pt at 45°, black at 60 %.
const W14_SHADOW = '<w14:shadow w14:blurRad="38100" w14:dist="19050" w14:dir="2700000" w14:sx="100000" w14:sy="100000" w14:kx="0" w14:ky="0" w14:algn="tl"><w14:srgbClr w14:val="000000"><w14:alpha w14:val="60000"/></w14:srgbClr></w14:shadow>';
// Blue at the top to green at the bottom (a:lin ang 90°).
const W14_GRADIENT = '<w14:textFill><w14:gradFill><w14:gsLst><w14:gs w14:pos="0"><w14:srgbClr w14:val="0000FF"/></w14:gs><w14:gs w14:pos="100000"><w14:srgbClr w14:val="00FF00"/></w14:gs></w14:gsLst><w14:lin w14:ang="5400000" w14:scaled="0"/></w14:gradFill></w14:textFill>';
// Word's "tight reflection, touching" as oxsdk-Complex01 writes it (mirrored at 90 %, 53 % fading to 0.3 % over 35.5 %).
const W14_REFLECTION = '<w14:reflection w14:blurRad="6350" w14:stA="53000" w14:stPos="0" w14:endA="300" w14:endPos="35500" w14:dist="0" w14:dir="5400000" w14:fadeDir="5400000" w14:sx="100000" w14:sy="-90000" w14:kx="0" w14:ky="0" w14:algn="bl"/>';
// A 5 pt glow in accent 1 at 60 %.
const W14_GLOW = '<w14:glow w14:rad="63500"><w14:schemeClr w14:val="accent1"><w14:alpha w14:val="40000"/></w14:schemeClr></w14:glow>';
// What Word writes for "no glow" and "no reflection" in some numbering levels (oxpt-WC004-Large).
const W14_NO_GLOW = '<w14:glow w14:rad="0"><w14:srgbClr w14:val="000000"/></w14:glow>';
const W14_NO_REFLECTION = '<w14:reflection w14:blurRad="0" w14:stA="0" w14:stPos="0" w14:endA="0" w14:endPos="0" w14:dist="0" w14:dir="0" w14:fadeDir="0" w14:sx="0" w14:sy="0" w14:kx="0" w14:ky="0" w14:algn="none"/>';
// What Word writes for "no shadow" in some styles: scaled to nothing.
const W14_NO_SHADOW = '<w14:shadow w14:blurRad="0" w14:dist="0" w14:dir="0" w14:sx="0" w14:sy="0" w14:kx="0" w14:ky="0" w14:algn="none"><w14:srgbClr w14:val="000000"/></w14:shadow>';

function run(text: string, rPr: string): string {
  return `<w:r><w:rPr><w:rFonts w:ascii="Liberation Sans" w:hAnsi="Liberation Sans"/><w:color w:val="FF0000"/><w:sz w:val="48"/>${rPr}</w:rPr><w:t>${text}</w:t></w:r>`;
}

/** One paragraph per case, each a word of its own. */
const CASES: ReadonlyArray<readonly [string, string]> = [
  ['Plainword', ''],
  ['Hollowword', '<w:outline/>'],
  ['Outlinedword', W14_OUTLINE],
  ['Strokedonly', W14_NO_FILL + W14_OUTLINE],
  ['Nothingshown', W14_NO_FILL],
  ['Faintword', W14_FILL_ALPHA],
  ['Shadowword', W14_SHADOW],
  ['Noshadowword', W14_NO_SHADOW],
  ['Legacyshadow', '<w:shadow/>'],
  ['Embossword', '<w:emboss/>'],
  ['Imprintword', '<w:imprint/>'],
  ['Gradientword', W14_GRADIENT],
  ['Gradientoutlined', W14_GRADIENT + W14_OUTLINE],
  ['Glowword', W14_GLOW],
  ['Reflectedword', W14_REFLECTION],
  ['Reflectedgradient', W14_GRADIENT + W14_REFLECTION],
  ['Noglownoreflection', W14_NO_GLOW + W14_NO_REFLECTION],
  ['Invisibleglow', W14_NO_FILL + W14_GLOW + W14_REFLECTION],
];

/** A character style that fills its text green with w14:textFill (and says grey in w:color for older readers). */
const STYLES = '<w:style w:type="character" w:styleId="Green"><w:name w:val="Green"/><w:rPr><w:color w:val="999999"/><w14:textFill><w14:solidFill><w14:srgbClr w14:val="00AA00"/></w14:solidFill></w14:textFill></w:rPr></w:style>';
const STYLED = '<w:p><w:r><w:rPr><w:emboss/></w:rPr><w:t>Blackemboss</w:t></w:r></w:p><w:p><w:r><w:rPr><w:rStyle w:val="Green"/></w:rPr><w:t>Styledgreen</w:t></w:r><w:r><w:rPr><w:rStyle w:val="Green"/><w:color w:val="0000FF"/></w:rPr><w:t>Directblue</w:t></w:r></w:p>';

const DOCX = makeDocx({ body: CASES.map(([t, r]) => `<w:p>${run(t, r)}</w:p>`).join('') + STYLED + LETTER_SECT_PR, theme: OFFICE_THEME, styles: STYLES });

beforeAll(async () => {
  await initKernel();
});

function propsOf(text: string): RunProps {
  const parsed = parseDocx(DOCX, { fileName: 'fx.docx' }, host);
  if (!parsed.ok) throw new Error('parse failed');
  for (const b of parsed.value.sections.flatMap((s) => s.blocks)) {
    if (b.kind !== 'paragraph') continue;
    for (const c of b.inlines) if (c.kind === 'text' && c.text === text) return c.props;
  }
  throw new Error(`no run ${text}`);
}

describe('text effects: reading', () => {
  it('reads w14:textOutline (width in EMU, theme colour, preset dash) and w14:textFill (noFill, opacity, colour over w:color)', () => {
    expect(propsOf('Outlinedword').textEffects).toEqual({ outline: { color: 'ED7D31', widthPt: 1, dash: [4, 3] } });
    expect(propsOf('Strokedonly').textEffects?.fill).toBe('none');
    const faint = propsOf('Faintword');
    expect(faint.color).toBe('1155CC');
    expect(faint.textEffects).toEqual({ fill: { color: '1155CC', alpha: 0.4 } });
  });

  it('colours text by a style\'s w14:textFill over its w:color, and by a direct w:color over the style\'s fill', () => {
    expect(propsOf('Styledgreen').color).toBe('00AA00');
    expect(propsOf('Directblue').color).toBe('0000FF');
  });

  it('reads w14:shadow as an offset and colour, and one scaled to nothing as none', () => {
    const s = propsOf('Shadowword').textEffects?.shadow;
    expect(s).toMatchObject({ color: '000000', alpha: 0.6, blurPt: 3 });
    expect(s!.dxPt).toBeCloseTo(1.061, 3);
    expect(s!.dyPt).toBeCloseTo(1.061, 3);
    expect(propsOf('Noshadowword').textEffects).toBeUndefined();
    expect(propsOf('Hollowword').outline).toBe(true);
  });

  it('reads w14:glow (radius, colour and alpha) and w14:reflection; Word\'s empty ones as none', () => {
    expect(propsOf('Glowword').textEffects).toEqual({ glow: { color: '4472C4', opacity: 0.4, radPt: 5 } });
    expect(propsOf('Reflectedword').textEffects).toEqual({
      reflection: { startOpacity: 0.53, startPos: 0, endOpacity: 0.003, endPos: 0.355, dxPt: 0, dyPt: 0, fadeQuarter: 1, sx: 1, sy: -0.9, align: 'bl', blurPt: 0.5 },
    });
    expect(propsOf('Noglownoreflection').textEffects).toBeUndefined();
  });

  it('warns only of the reflection\'s blur, which is not drawn (glow and reflection are)', () => {
    const parsed = parseDocx(DOCX, { fileName: 'fx.docx' }, host);
    const fx = parsed.warnings.filter((w) => w.code === 'docx/unsupported-text-effect');
    expect(fx.map((w) => w.message)).toEqual([expect.stringContaining('blur of a text reflection')]);
    // Three runs carry the blurred reflection: one warning, counted three times.
    expect(fx[0]!.count ?? 1).toBe(3);
    expect(parsed.warnings.map((w) => w.code)).not.toContain('docx/unsupported-element');
  });
});

describe('text effects: layout', () => {
  let doc: LayoutDoc;
  beforeAll(async () => {
    doc = (await layoutDocx(DOCX, 'fx.docx', host)).doc;
  });
  const items = () => flatItems(doc.pages[0]!.items);
  const runOf = (text: string) => items().find((i): i is GlyphRun => i.kind === 'glyphs' && i.text === text)!;
  /** The paths drawn just before a run (its shadow and relief copies). */
  const copiesBefore = (text: string): PathItem[] => {
    const all = items();
    const out: PathItem[] = [];
    for (let k = all.indexOf(runOf(text)) - 1; k >= 0 && all[k]!.kind === 'path'; k--) out.unshift(all[k] as PathItem);
    return out;
  };

  it('draws hollow letters white inside, stroked in the text colour with a quarter-point line', () => {
    expect(runOf('Plainword')).not.toHaveProperty('outline');
    const r = runOf('Hollowword');
    expect(r.unfilled).toBeUndefined();
    expect(r.color).toBe('FFFFFF');
    expect(r.outline).toEqual({ color: 'FF0000', widthPt: 0.25 });
  });

  it('strokes a w14 outline over the fill, or alone under noFill; noFill without an outline paints nothing but keeps the text', () => {
    expect(runOf('Outlinedword')).toMatchObject({ color: 'FF0000', outline: { color: 'ED7D31', widthPt: 1, dash: [4, 3] } });
    expect(runOf('Outlinedword').unfilled).toBeUndefined();
    expect(runOf('Strokedonly')).toMatchObject({ unfilled: true, outline: { color: 'ED7D31' } });
    expect(runOf('Nothingshown')).toMatchObject({ invisible: true });
    expect(runOf('Faintword')).toMatchObject({ color: '1155CC', fillOpacity: 0.4 });
  });

  it('fills a w14 gradient as an axial shading over the run\'s box, top to bottom', () => {
    const r = runOf('Gradientword');
    expect(r.shading?.kind).toBe('axial');
    expect(r.shading?.stops.map((s) => s.color)).toEqual(['0000FF', '00FF00']);
    const [x0, y0, x1, y1] = r.shading!.coords;
    expect(x0).toBeCloseTo(x1!, 3);
    expect(y0).toBeLessThan(r.y);
    expect(y1).toBeGreaterThan(r.y);
  });

  it('draws a glow as four round-joined strokes of the glyph outlines under the run, stacking to its opacity', () => {
    expect(copiesBefore('Noglownoreflection')).toEqual([]);
    // Glyphs that paint nothing have no silhouette to glow or reflect.
    expect(copiesBefore('Invisibleglow')).toEqual([]);
    const rings = copiesBefore('Glowword');
    expect(rings.map((p) => p.lineWidth)).toEqual([10, 7.5, 5, 2.5]);
    expect(rings.every((p) => p.stroke === '4472C4' && p.roundJoins === true && p.fill === undefined)).toBe(true);
    // Within a quarter of the radius all four cover: 1 - the product of what each lets through = 0.4.
    const through = rings.reduce((k, p) => k * (1 - p.strokeOpacity!), 1);
    expect(1 - through).toBeCloseTo(0.4, 2);
    // Beyond three quarters of it only the widest: a quarter of the opacity.
    expect(rings[0]!.strokeOpacity).toBeCloseTo(0.1, 3);
    expect(rings.every((p) => p.commands === rings[0]!.commands)).toBe(true);
  });

  it('draws a reflection as the glyphs mirrored below the run, in nested bands fading from 53 % to nothing', () => {
    const r = runOf('Reflectedword');
    const page = doc.pages[0]!.items;
    /** The band groups drawn just before a run. */
    const bandsBefore = (run: GlyphRun): GroupItem[] => {
      const out: GroupItem[] = [];
      for (let k = page.indexOf(run) - 1; k >= 0 && page[k]!.kind === 'group'; k--) out.unshift(page[k] as GroupItem);
      return out;
    };
    const bands = bandsBefore(r);
    expect(bands.length).toBeGreaterThan(3);
    const paths = bands.map((b) => b.items[0] as PathItem);
    // Nested layers from the mirror line down, each reaching further: over each stretch, it and the
    // layers reaching past it stack to the fade there, from under 53 % (the first stretch's middle) to near nothing.
    const layers = paths.map((p) => p.fillOpacity!);
    const fade = layers.map((_, k) => 1 - layers.slice(k).reduce((t, a) => t * (1 - a), 1));
    expect(fade[0]).toBeLessThan(0.53);
    expect(fade[0]).toBeGreaterThan(0.45);
    for (let k = 1; k < fade.length; k++) expect(fade[k]).toBeLessThan(fade[k - 1]!);
    expect(fade.at(-1)).toBeLessThan(0.05);
    expect(paths.every((p) => p.fill === 'FF0000')).toBe(true);
    // The copy hangs below the run's baseline: all its points below it (mirrored about the descent line).
    const ys = paths[0]!.commands.flatMap((c) => (c.op === 'Z' ? [] : [c.y]));
    expect(Math.min(...ys)).toBeGreaterThan(r.y);
    const clips = bands.map((b) => b.clip!);
    for (let k = 1; k < clips.length; k++) {
      expect(clips[k]!.y).toBe(clips[0]!.y);
      expect(clips[k]!.h).toBeGreaterThan(clips[k - 1]!.h);
    }
    // A gradient-filled run's reflection carries its blend, turned over: its first stop now at the bottom.
    const g = runOf('Reflectedgradient');
    const gBand = bandsBefore(g)[0] as { readonly items: readonly PathItem[] } | undefined;
    const sh = gBand!.items[0]!.shading!;
    expect(sh.stops.map((s) => s.color)).toEqual(['0000FF', '00FF00']);
    expect(sh.coords[1]).toBeGreaterThan(sh.coords[3]!);
  });

  /** The blurred shadow drawn just before a run: a group painting its colour through a soft mask. */
  const shadowBefore = (text: string): GroupItem | undefined => {
    const r = runOf(text);
    const before = (list: readonly LayoutItem[]): LayoutItem | undefined => {
      const k = list.indexOf(r);
      if (k >= 0) return list[k - 1];
      for (const i of list) if (i.kind === 'group') { const b = before(i.items); if (b) return b; }
      return undefined;
    };
    const b = before(doc.pages[0]!.items);
    return b?.kind === 'group' && b.softMask ? b : undefined;
  };

  it('draws a shadow blurred by its blurRad: its colour through a soft mask of the moved glyph outlines', () => {
    expect(shadowBefore('Plainword')).toBeUndefined();
    expect(shadowBefore('Noshadowword')).toBeUndefined();
    expect(copiesBefore('Noshadowword')).toEqual([]);
    const shadow = shadowBefore('Shadowword')!;
    // blurRad 3 pt: the edge ramps 3 pt either side of the letters' edge, a Gaussian of sigma 1.5 pt.
    expect(shadow.softMask).toMatchObject({ sigmaPt: 1.5, growPt: 0 });
    expect(shadow.items).toMatchObject([{ kind: 'path', fill: '000000', fillOpacity: 0.6 }]);
    const [letters] = shadow.softMask!.shapes;
    expect(letters).toMatchObject({ fill: true });
    const r = runOf('Shadowword');
    const xs = letters!.commands.flatMap((c) => (c.op === 'Z' ? [] : [c.x]));
    // The copy starts 1.06 pt right of the run's first glyph ink and ends past it.
    expect(Math.min(...xs)).toBeGreaterThan(r.x + 1);
    // Word 2010's legacy shadow is the same preset, blurred 3 pt too.
    expect(shadowBefore('Legacyshadow')?.softMask).toMatchObject({ sigmaPt: 1.5 });
  });

  it('draws relief as glyph-outline paths under the run, offset by their distance', () => {
    const [emboss] = copiesBefore('Embossword');
    const [imprint] = copiesBefore('Imprintword');
    // Black letters turn white over a black copy; red ones keep their colour over a light grey one.
    expect(runOf('Blackemboss').color).toBe('FFFFFF');
    expect(copiesBefore('Blackemboss')).toMatchObject([{ fill: '000000' }]);
    expect(emboss).toMatchObject({ fill: 'C0C0C0' });
    expect(runOf('Embossword').color).toBe('FF0000');
    const left = (p: PathItem) => Math.min(...p.commands.flatMap((c) => (c.op === 'Z' ? [] : [c.x])));
    // Emboss has its copy up and left (1 pt at 24 pt), imprint down and right: E and I have about the same left bearing.
    expect(left(imprint!) - runOf('Imprintword').x - (left(emboss!) - runOf('Embossword').x)).toBeCloseTo(2, 0);
  });
});

/** The page content streams of a PDF, inflated. */
function contents(pdf: Uint8Array): string {
  const bin = Buffer.from(pdf).toString('latin1');
  let out = '';
  for (const m of bin.matchAll(/stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = bin.indexOf('endstream', start);
    try {
      out += inflateSync(Buffer.from(bin.slice(start, end), 'latin1')).toString('latin1');
    } catch {
      // not a deflated stream (or a font program): skipped
    }
  }
  return out;
}

describe('text effects: PDF', () => {
  it('writes render modes 1 and 2 with the outline width and colour, and pdftotext gives each word once', async () => {
    const r = await convertDocxToPdf(DOCX, { fileName: 'fx.docx' }, host);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const c = contents(r.value.pdf);
    expect(c).toContain('1 Tr');
    expect(c).toContain('2 Tr');
    expect(c).toContain('3 Tr');
    // Gradient text clips (7, or 5 stroking its outline first) and paints its shading.
    expect(c).toMatch(/\n7 Tr\n[^]*?ET\n\/Sh\d+ sh\nQ\n/);
    expect(c).toContain('5 Tr');
    expect(c).toMatch(/0\.929 0\.49 0\.192 RG\n1 w\n\[4 3\] 0 d\n/);
    // The glow's rings: their own stroke alpha and round joins; the reflection's bands: clipped, translucent fills.
    expect(c).toMatch(/q\n\/GSS\d+ gs\n1 j 1 J\n0\.267 0\.447 0\.769 RG\n10 w\n/);
    expect(Buffer.from(r.value.pdf).toString('latin1')).toMatch(/\/GSS0 <<\s*\/Type \/ExtGState\s*\/CA 0\.1\s*>>/);
    let text: string | undefined;
    try {
      const file = join(mkdtempSync(join(tmpdir(), 'colophon-texfx-')), 'out.pdf');
      writeFileSync(file, r.value.pdf);
      text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    } catch {
      text = undefined; // poppler not installed
    }
    if (text === undefined) return;
    for (const [word] of CASES) expect(text.split(word).length - 1, word).toBe(1);
  });
});
