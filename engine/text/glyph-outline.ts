/**
 * Glyph outlines for layout (warped WordArt bends glyphs, so it needs their shapes, not just their
 * advances): read with fontkit from a font program (TrueType `glyf` quadratic outlines, ISO/IEC
 * 14496-22 §5.3.4; CFF cubic outlines, §5.4), in font units with y up, as contours of points and
 * curves. fontkit must be loaded (`requireFontkit` throws `FontkitNotLoaded` otherwise, which
 * layoutDocument answers by loading it and starting over). Parsed fonts are cached per bytes object.
 */
import { requireFontkit } from './fontkit-loader';

/** One outline command in font units, y up (fontkit's path commands, quadratic curves kept). */
export type OutlineCommand =
  | { readonly op: 'M' | 'L'; readonly x: number; readonly y: number }
  | { readonly op: 'Q'; readonly x1: number; readonly y1: number; readonly x: number; readonly y: number }
  | { readonly op: 'C'; readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number; readonly x: number; readonly y: number }
  | { readonly op: 'Z' };

interface FkCommand {
  readonly command: string;
  readonly args: readonly number[];
}

interface FkFont {
  readonly numGlyphs: number;
  getGlyph(id: number): { readonly path: { readonly commands: readonly FkCommand[] } };
}

/** Most commands one glyph's outline may give (a hostile font cannot make an outline unbounded). */
const MAX_COMMANDS = 20000;

const fonts = new WeakMap<Uint8Array, FkFont | null>();

/**
 * The outline of glyph `glyphId` of the font program `data`, in font units with y up; undefined
 * when the font or the glyph cannot be read (an empty array for a glyph with no contours, a space).
 */
export function glyphOutline(data: Uint8Array, glyphId: number): OutlineCommand[] | undefined {
  const font = fontOf(data);
  if (!font || !Number.isInteger(glyphId) || glyphId < 0 || glyphId >= font.numGlyphs) return undefined;
  let commands: readonly FkCommand[];
  try {
    commands = font.getGlyph(glyphId).path.commands;
  } catch {
    return undefined;
  }
  const out: OutlineCommand[] = [];
  for (const c of commands.slice(0, MAX_COMMANDS)) {
    const a = c.args;
    if (!a.every((v) => Number.isFinite(v))) return undefined;
    if (c.command === 'moveTo' && a.length >= 2) out.push({ op: 'M', x: a[0]!, y: a[1]! });
    else if (c.command === 'lineTo' && a.length >= 2) out.push({ op: 'L', x: a[0]!, y: a[1]! });
    else if (c.command === 'quadraticCurveTo' && a.length >= 4) out.push({ op: 'Q', x1: a[0]!, y1: a[1]!, x: a[2]!, y: a[3]! });
    else if (c.command === 'bezierCurveTo' && a.length >= 6) out.push({ op: 'C', x1: a[0]!, y1: a[1]!, x2: a[2]!, y2: a[3]!, x: a[4]!, y: a[5]! });
    else if (c.command === 'closePath') out.push({ op: 'Z' });
  }
  return out;
}

function fontOf(data: Uint8Array): FkFont | undefined {
  const known = fonts.get(data);
  if (known !== undefined) return known ?? undefined;
  const fontkit = requireFontkit(); // before the try: an unloaded fontkit must reach layoutDocument
  let font: FkFont | null;
  try {
    font = fontkit.create(data) as FkFont;
  } catch {
    font = null;
  }
  fonts.set(data, font);
  return font ?? undefined;
}
