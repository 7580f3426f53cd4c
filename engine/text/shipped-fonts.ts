/**
 * The fonts Colophon ships (files in the repository's fonts/ folder, licences in fonts/licenses/).
 * The engine receives their bytes only through `host.fonts.loadFile(fileName)`.
 */

/** Broad design class of a family, used by substitution and fallback. */
export type GenericClass = 'sans' | 'serif' | 'mono' | 'math';

/** One shipped font file. */
export interface ShippedFace {
  readonly family: string;
  readonly bold: boolean;
  readonly italic: boolean;
  readonly fileName: string;
  readonly generic: GenericClass;
}

function four(family: string, generic: GenericClass, stem: string, names: readonly [string, string, string, string]): ShippedFace[] {
  const [regular, bold, italic, boldItalic] = names;
  return [
    { family, bold: false, italic: false, fileName: `${stem}${regular}.ttf`, generic },
    { family, bold: true, italic: false, fileName: `${stem}${bold}.ttf`, generic },
    { family, bold: false, italic: true, fileName: `${stem}${italic}.ttf`, generic },
    { family, bold: true, italic: true, fileName: `${stem}${boldItalic}.ttf`, generic },
  ];
}

const CLASSIC = ['-Regular', '-Bold', '-Italic', '-BoldItalic'] as const;

/** Every shipped face: family, style, file name and generic class. */
export const SHIPPED_FACES: readonly ShippedFace[] = [
  ...four('Carlito', 'sans', 'Carlito', CLASSIC),
  ...four('Caladea', 'serif', 'Caladea', CLASSIC),
  ...four('Liberation Sans', 'sans', 'LiberationSans', CLASSIC),
  ...four('Liberation Sans Narrow', 'sans', 'LiberationSansNarrow', CLASSIC),
  ...four('Liberation Serif', 'serif', 'LiberationSerif', CLASSIC),
  ...four('Liberation Mono', 'mono', 'LiberationMono', CLASSIC),
  ...four('DejaVu Sans', 'sans', 'DejaVuSans', ['', '-Bold', '-Oblique', '-BoldOblique']),
  ...four('DejaVu Serif', 'serif', 'DejaVuSerif', ['', '-Bold', '-Italic', '-BoldItalic']),
  ...four('DejaVu Sans Mono', 'mono', 'DejaVuSansMono', ['', '-Bold', '-Oblique', '-BoldOblique']),
  { family: 'DejaVu Math TeX Gyre', bold: false, italic: false, fileName: 'DejaVuMathTeXGyre.ttf', generic: 'math' },
  // Chinese and Japanese, Korean jamo (4 MB): loaded only for documents with East Asian text.
  { family: 'Droid Sans Fallback', bold: false, italic: false, fileName: 'DroidSansFallbackFull.ttf', generic: 'sans' },
  // Korean: all 11,172 Hangul syllables, of which Droid Sans Fallback has 3 (4.7 MB): loaded only
  // for documents with Hangul.
  { family: 'NanumGothic', bold: false, italic: false, fileName: 'NanumGothic.ttf', generic: 'sans' },
  // Emoji, monochrome (0.9 MB): loaded only for documents with emoji (as Word's Segoe UI Emoji draws them).
  { family: 'Noto Emoji', bold: false, italic: false, fileName: 'NotoEmoji-Regular.ttf', generic: 'sans' },
];

/** The shipped face covering CJK, loaded only when a document has East Asian text. */
export const EAST_ASIAN_FALLBACK_FAMILY = 'Droid Sans Fallback';

/** The shipped face covering Hangul, loaded only when a document has Korean text. */
export const HANGUL_FALLBACK_FAMILY = 'NanumGothic';

/** The shipped face covering emoji, loaded only when a document has emoji. */
export const EMOJI_FALLBACK_FAMILY = 'Noto Emoji';

/** The shipped families in table order. */
export const SHIPPED_FAMILIES: readonly string[] = [...new Set(SHIPPED_FACES.map((f) => f.family))];

/** The family used when nothing better is known (LibreOffice's default UI/fallback sans on Linux). */
export const DEFAULT_FAMILY = 'DejaVu Sans';

/** The shipped family for a generic class. */
export const GENERIC_FAMILY: Readonly<Record<GenericClass, string>> = {
  sans: 'DejaVu Sans',
  serif: 'DejaVu Serif',
  mono: 'DejaVu Sans Mono',
  math: 'DejaVu Math TeX Gyre',
};

/** Shipped faces of a family (case-insensitive), in table order. */
export function shippedFacesOf(family: string): readonly ShippedFace[] {
  const key = family.toLowerCase();
  return SHIPPED_FACES.filter((f) => f.family.toLowerCase() === key);
}
