/**
 * Typed signatures: a name rendered as a PNG image in the shipped script font (Dancing Script, SIL
 * OFL 1.1, fonts/DancingScript-Regular.otf), characters it lacks in DejaVu Sans. An image, not live
 * text, so the signature looks the same in Word, LibreOffice and our PDF output whether or not the
 * reader has the font, and it cannot be edited as text.
 */
import { abort, checkCancelled, type EngineHost } from '../core';
import { loadFontkit } from '../text';
import type { DecodedImage } from './image';
import { encodePng } from '../image';
import { addOutline, edgeBounds, fillEdges, type EdgeList, type PathCommand } from './raster';

/** The shipped script font file used for typed signatures. */
export const SIGNATURE_FONT_FILE = 'DancingScript-Regular.otf';
/** The shipped font used for characters the script font lacks. */
export const SIGNATURE_FALLBACK_FILE = 'DejaVuSans.ttf';
/** Longest typed signature accepted. */
export const MAX_TYPED_SIGNATURE_CHARS = 120;

/** Bitmap pixels per em; the image is shown at half that size (crisp on high-density screens and print). */
const EM_PX = 96;
const PAD_PX = 8;
const DEFAULT_INK = '1B365D';

interface FkGlyph {
  readonly id: number;
  readonly path: { readonly commands: readonly PathCommand[] };
}
interface FkFont {
  readonly unitsPerEm: number;
  hasGlyphForCodePoint(cp: number): boolean;
  layout(text: string): { glyphs: FkGlyph[]; positions: Array<{ xAdvance: number; xOffset: number; yOffset: number }> };
}

/** Font programs for typed signatures. */
export interface SignatureFonts {
  readonly script: FkFont;
  readonly fallback?: FkFont;
}

/** Loads the signature fonts through the host; undefined when the host has no script font. */
export async function loadSignatureFonts(host: EngineHost): Promise<SignatureFonts | undefined> {
  const src = host.fonts;
  if (!src) return undefined;
  const script = await src.loadFile(SIGNATURE_FONT_FILE);
  if (!script) return undefined;
  const fallback = await src.loadFile(SIGNATURE_FALLBACK_FILE);
  const fontkit = await loadFontkit(); // imported on first need (text/fontkit-loader.ts)
  return {
    script: fontkit.create(script) as FkFont,
    ...(fallback ? { fallback: fontkit.create(fallback) as FkFont } : {}),
  };
}

/** Splits text into runs by the font that has each character (script font first). */
function fontRuns(text: string, fonts: SignatureFonts): Array<{ font: FkFont; text: string }> {
  const runs: Array<{ font: FkFont; text: string }> = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const font = fonts.script.hasGlyphForCodePoint(cp) || !fonts.fallback || !fonts.fallback.hasGlyphForCodePoint(cp) ? fonts.script : fonts.fallback;
    const last = runs[runs.length - 1];
    if (last && last.font === font) last.text += ch;
    else runs.push({ font, text: ch });
  }
  return runs;
}

/** Parses `#RRGGBB` / `RRGGBB` into bytes; undefined when malformed. */
export function parseHexColor(c: string | undefined): [number, number, number] | undefined {
  const m = /^#?([0-9a-f]{6})$/i.exec((c ?? '').trim());
  if (!m) return undefined;
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Renders a typed signature to a PNG image (deterministic for equal text, fonts and colour). */
export function renderTypedSignature(text: string, fonts: SignatureFonts, color: string | undefined, host: EngineHost): DecodedImage {
  const name = text.replace(/\s+/g, ' ').trim();
  if (name.length === 0) abort('template/bad-signature', 'A typed signature needs a name to write.', { hint: 'Give the signer name as the value, or an image data URL.' });
  if (name.length > MAX_TYPED_SIGNATURE_CHARS) {
    abort('template/bad-signature', `A typed signature is at most ${MAX_TYPED_SIGNATURE_CHARS} characters (got ${name.length}).`, { hint: 'Shorten the name.' });
  }
  const edges: EdgeList = [];
  let penX = 0;
  const baseline = EM_PX; // provisional; the bitmap is cropped to the ink below
  for (const run of fontRuns(name, fonts)) {
    checkCancelled(host);
    const scale = EM_PX / run.font.unitsPerEm;
    const laid = run.font.layout(run.text);
    for (let i = 0; i < laid.glyphs.length; i++) {
      const g = laid.glyphs[i]!;
      const p = laid.positions[i]!;
      addOutline(edges, g.path.commands, scale, penX + p.xOffset * scale, baseline - p.yOffset * scale);
      penX += p.xAdvance * scale;
    }
  }
  const box = edgeBounds(edges);
  if (!box) abort('template/bad-signature', `The typed signature '${name}' has no visible characters.`, { hint: 'Use letters the signature font can draw.' });
  const ox = PAD_PX - Math.floor(box.minX);
  const oy = PAD_PX - Math.floor(box.minY);
  for (let i = 0; i < edges.length; i += 2) {
    edges[i] = edges[i]! + ox;
    edges[i + 1] = edges[i + 1]! + oy;
  }
  const width = Math.ceil(box.maxX) - Math.floor(box.minX) + 2 * PAD_PX;
  const height = Math.ceil(box.maxY) - Math.floor(box.minY) + 2 * PAD_PX;
  const alpha = fillEdges(edges, width, height);
  const [r, g, b] = parseHexColor(color) ?? parseHexColor(DEFAULT_INK)!;
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < alpha.length; i++) {
    rgba[i * 4] = r;
    rgba[i * 4 + 1] = g;
    rgba[i * 4 + 2] = b;
    rgba[i * 4 + 3] = alpha[i]!;
  }
  const png = encodePng(width, height, rgba);
  return { data: png, ext: 'png', widthPx: Math.max(1, Math.round(width / 2)), heightPx: Math.max(1, Math.round(height / 2)) };
}
