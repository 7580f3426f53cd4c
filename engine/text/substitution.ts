/**
 * Font substitution: which shipped family draws a family a document asks for, following what
 * LibreOffice 7.4 on Linux does for DOCX (our fidelity references are its renders).
 *
 * LibreOffice asks fontconfig for unknown families. fontconfig's 30-metric-aliases.conf maps the
 * metric-compatible families (Arial/Helvetica → Liberation Sans, Times New Roman/Times → Liberation
 * Serif, Courier New/Courier → Liberation Mono, Arial Narrow → Liberation Sans Narrow, Calibri →
 * Carlito, Cambria → Caladea); 45-latin.conf and 40-nonlatin.conf give some families a generic class
 * (serif: Georgia, Garamond, Palatino Linotype…; monospace: Consolas, Courier Std…); everything else
 * gets sans-serif, whose first installed choice is DejaVu Sans. The font table's w:family / w:pitch /
 * w:panose1 hints are NOT used by LibreOffice: measured on the dev corpus (63 uses of families outside
 * the metric table in visible runs, substitution.test.ts), the name-based rule matches the fonts
 * LibreOffice embedded in all 63, the hint rule (roman → serif, modern/fixed → mono) in 50. Hints are
 * therefore only used when asked for.
 * LibreOffice also strips style words from names ("Times New Roman Bold", "Arial-BoldMT").
 * A family none of these tables knows is first looked for under the font table's alternate names
 * (w:altName, §17.8.3.1), as Word does where it lacks the font; LibreOffice's fontconfig always
 * answers the first name, so it never reaches them.
 * Four deliberate departures, where we follow Word's widths, not LibreOffice's:
 * - Aptos (see METRIC_ALIASES) is drawn with Liberation Sans, as Word's sans fallback would be, not
 *   DejaVu Sans; its letters are within a few per cent of Aptos's, and the last rule below fits the rest.
 * - A family with no metric-compatible open twin may carry the original's metrics (ORIGINAL_METRICS):
 *   the stand-in LibreOffice picks is then condensed horizontally to the original's advance widths and
 *   lines get the original's Word line height. The figures are Word's real metrics, read from the
 *   fonts Word embedded in its own renders of the dev corpus (dev-ref/*.word.pdf: /Widths arrays and
 *   the embedded font programs). Consolas (Docx4j_GettingStarted, 16 060 characters in three styles):
 *   unitsPerEm 2048, every advance 1126 (0.5498 em) where DejaVu Sans Mono has 1233, so the scale is
 *   1126/1233 = 0.9132; OS/2 win 1884/514 and hhea 1521/−527/350 give Word's single line
 *   (1884 + 514)/2048 = 1.1709 em (Word's 9 pt code lines are 10.54 pt apart; DejaVu Sans Mono's
 *   1.1641 em would give 10.48). For a monospace original the scale is exact; for a proportional one it
 *   is an average over real text against one stand-in family, used only where it differs by more than
 *   ~3%. Georgia (docxside-case7, 507 characters in three styles) averages 0.861 of DejaVu Serif's
 *   widths (regular 0.859, bold 0.887, italic 0.877; it is 1.10 of Liberation Serif's, no twin either) with
 *   win 1878/449, 1.1362 em lines against DejaVu Serif's 1.1641. Verdana averages 1.006–1.012 of
 *   DejaVu Sans's (GettingStarted, case7: 373 characters), so it has no width scale, only Word's line
 *   height (win 2059/430, 1.2153 em against DejaVu Sans's 1.1641). Lucida Console is monospaced:
 *   Word's embedded program gives every advance (1234) and a 1.0 em line (win 1616/432), so it is
 *   fitted exactly on DejaVu Sans Mono, where LibreOffice takes DejaVu Sans. Trebuchet MS keeps its
 *   own line (win 1923/455, 1.1611 em) on its nearer stand-in (below). Tahoma and Segoe UI, with no
 *   Word render in the corpus, take published figures (the capsize metrics dataset; see the table);
 *   Comic Sans MS takes its Windows line (1.3936 em), checked on Word's page starts.
 * - Four originals without an open twin have a nearer stand-in than their fontconfig class
 *   (NEAR_STAND_INS): Corbel is drawn with Carlito, Garamond with Liberation Serif, DIN OT and Trebuchet
 *   MS with Liberation Sans, where DejaVu Sans and DejaVu Serif set their text 10-20% wider on taller
 *   lines. None of the pairs is metric-compatible
 *   (they still warn as substitutes); the evidence is Word's own pagination and widths. poi-stress023 asks for
 *   Franklin Gothic Book, which the Word that saved it lacked (its font-table entry has no panose and
 *   a Basic-Latin-only signature), so Word drew its w:altName Corbel: with Carlito 13 of Word's 14
 *   w:lastRenderedPageBreak marks start our pages and we reach its saved 15 pages (DejaVu Sans: 6 of
 *   14, 16 pages; Liberation Sans: 6 of 14, 14 pages). oxpt-Test-05 sets a two-column résumé in
 *   Garamond: with Liberation Serif its second page starts both columns where Word's marks say and
 *   it has Word's saved 2 pages (DejaVu Serif: 3 pages, the right column 6 lines and 2 headings short).
 *   The thumbnails Word saves (docProps/thumbnail.emf) are Word's own drawing of page 1, text with
 *   every character's advance (EMR_EXTTEXTOUTW dx): aspose-Get_substitution_without_suffixes's 1,084
 *   characters of DIN OT (DINOT-Regular) are 1.007 of Liberation Sans's widths (checked on its Arial
 *   text, 0.981 of Liberation Sans from the thumbnail's whole-pixel rounding: Arial is Liberation Sans's
 *   twin), DejaVu Sans 11% wider; with Liberation Sans its table and notes fit page 1 as in the
 *   thumbnail and the document has Word's saved 16 pages (DejaVu Sans: 20). Trebuchet MS in
 *   docx4j-Eastern_Arabic_numbering's thumbnail (221 characters) is within 2% of Liberation Sans's
 *   widths, DejaVu Sans 11% wider.
 * - Stand-ins whose widths differ from the original's as Word measures them, character by character
 *   (Caladea for Cambria, Liberation Sans for Aptos and Aptos Display, DejaVu Serif for Georgia, DejaVu
 *   Sans for Verdana, Tahoma and Comic Sans MS), are laid out on the original's own widths: see
 *   word-widths.ts. Where a family also has original metrics here (Georgia), those give its drawing
 *   scale and line height.
 * - The monospaced East Asian originals (宋体 SimSun, 黑体 SimHei, 仿宋_GB2312, ＭＳ 明朝...) draw their
 *   ASCII with a monospaced family condensed to their half-width advance (EAST_ASIAN_ORIGINALS).
 */
import { ORIGINAL_METRICS, type OriginalMetrics } from './original-metrics';
import { DEFAULT_FAMILY, GENERIC_FAMILY, SHIPPED_FAMILIES, type GenericClass } from './shipped-fonts';

/** The symbol encodings we can map to Unicode (see symbol-fonts.ts). */
export type SymbolSet = 'symbol' | 'wingdings' | 'wingdings2' | 'wingdings3' | 'webdings';

/** Why a family was mapped the way it was. */
export type SubstitutionReason = 'shipped' | 'metric' | 'generic' | 'default' | 'symbol';

/** The result of substituting a family. */
export interface Substitution {
  /** A shipped family. */
  readonly family: string;
  readonly reason: SubstitutionReason;
  readonly generic: GenericClass;
  /** For symbol fonts: which table maps their characters to Unicode. */
  readonly symbolSet?: SymbolSet;
  /** Style words were stripped from the name ("Arial Bold"): the name itself asks for bold / italic. */
  readonly impliedBold?: boolean;
  readonly impliedItalic?: boolean;
  /** The original's metrics, for a stand-in that is fitted to them (see ORIGINAL_METRICS). */
  readonly original?: OriginalMetrics;
  /** The family is unknown and this alternate name of it (w:altName) chose the substitute. */
  readonly viaAlternate?: string;
}

/** Options of `substituteFamily`. */
export interface SubstituteOptions {
  /** Generic class from the font table (w:family / w:pitch / w:panose1). */
  readonly genericHint?: GenericClass;
  /** Use `genericHint` for families not in the tables (Word-like; LibreOffice does not). */
  readonly preferHint?: boolean;
  /**
   * The font table's alternate names of the family (w:altName, ECMA-376 Part 1 §17.8.3.1: names
   * "which can be used to locate the font"), tried in order when the family itself is unknown.
   */
  readonly alternates?: readonly string[];
}

/** Lower-case, no spaces, hyphens, underscores, dots or commas. */
export function compactFamilyName(name: string): string {
  return name.toLowerCase().replace(/[\s\-_.,]+/g, '');
}

const METRIC_ALIASES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['Carlito', ['calibri', 'calibrilight']],
  ['Caladea', ['cambria']],
  // Aptos (Office's default since 2023) has no metric-compatible open twin; LibreOffice falls back to
  // DejaVu Sans (~13% wider). Measured on Word's own renders of the dev corpus (docxside-case6, 98
  // body words), Liberation Sans words are within 0.3% of Aptos's widths, so it stands in, as Word would.
  ['Liberation Sans', ['arial', 'helvetica', 'arimo', 'albany', 'albanyamt', 'nimbussans', 'nimbussansl', 'texgyreheros', 'aptos', 'aptosdisplay']],
  ['Liberation Sans Narrow', ['arialnarrow', 'helveticanarrow', 'nimbussansnarrow', 'texgyreheroscn', 'aptosnarrow']],
  ['Liberation Serif', ['timesnewroman', 'times', 'tinos', 'thorndale', 'thorndaleamt', 'nimbusroman', 'nimbusromanno9l', 'texgyretermes']],
  ['Liberation Mono', ['couriernew', 'courier', 'cousine', 'cumberland', 'cumberlandamt', 'nimbusmono', 'nimbusmonol', 'nimbusmonops', 'texgyrecursor']],
  ['DejaVu Math TeX Gyre', ['cambriamath']],
];

/**
 * Originals without an open twin drawn with a nearer shipped family than their generic class gives
 * (see the header): approximations chosen on Word's pagination, not metric twins.
 */
const NEAR_STAND_INS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['Carlito', ['corbel']],
  ['Liberation Serif', ['garamond']],
  ['Liberation Sans', ['dinot', 'trebuchetms']],
];

// fontconfig 45-latin.conf / 40-nonlatin.conf generic classes (serif and monospace; sans is the default).
const SERIF = [
  'bitstreamveraserif', 'constantia', 'elephant', 'garamond', 'georgia', 'luxiserif', 'msserif', 'palatinolinotype',
  'kochimincho', 'arplsungtilgb', 'arplmingti2lbig5', 'ｍｓ明朝', 'nanummyeongjo', 'unbatang', 'baekmukbatang',
  'mgopencanonica', 'sazanamimincho', 'arplzenkaiuni', 'zysong18030', 'freeserif', 'simsun', 'nazli', 'lotoos',
  'mitra', 'ferdosi', 'badr', 'zar', 'titr', 'jadid',
];
const MONO = [
  'andalemono', 'bitstreamverasansmono', 'consolas', 'courierstd', 'fixedsys', 'inconsolata', 'luximono', 'terminal',
  'nsimsun', 'nanumgothiccoding', 'freemono',
  // Not in fontconfig's list (LibreOffice draws it with DejaVu Sans), but Word's Lucida Console is
  // monospaced (see ORIGINAL_METRICS), so its stand-in is too.
  'lucidaconsole',
];

const SYMBOL_SETS: Readonly<Record<string, SymbolSet>> = {
  symbol: 'symbol', wingdings: 'wingdings', wingdings2: 'wingdings2', wingdings3: 'wingdings3', webdings: 'webdings',
};

const ALIAS = new Map<string, string>();
for (const [family, keys] of METRIC_ALIASES) for (const k of keys) ALIAS.set(k, family);
const NEAR = new Map<string, string>();
for (const [family, keys] of NEAR_STAND_INS) for (const k of keys) NEAR.set(k, family);
const SHIPPED = new Map<string, string>(SHIPPED_FAMILIES.map((f) => [compactFamilyName(f), f]));
const GENERIC = new Map<string, GenericClass>([
  ...SERIF.map((k) => [k, 'serif'] as const),
  ...MONO.map((k) => [k, 'mono'] as const),
]);

const GENERIC_OF_SHIPPED: Readonly<Record<string, GenericClass>> = {
  Carlito: 'sans', Caladea: 'serif', 'Liberation Sans': 'sans', 'Liberation Sans Narrow': 'sans',
  'Liberation Serif': 'serif', 'Liberation Mono': 'mono', 'DejaVu Sans': 'sans', 'DejaVu Serif': 'serif',
  'DejaVu Sans Mono': 'mono', 'DejaVu Math TeX Gyre': 'math',
};

const STYLE_WORDS = new Map<string, 'bold' | 'italic' | 'both' | 'none'>([
  ['bold', 'bold'], ['italic', 'italic'], ['oblique', 'italic'], ['bolditalic', 'both'], ['boldoblique', 'both'],
  ['regular', 'none'], ['normal', 'none'], ['roman', 'none'], ['mt', 'none'], ['ps', 'none'], ['psmt', 'none'],
  ['cyr', 'none'], ['ce', 'none'], ['greek', 'none'], ['tur', 'none'], ['baltic', 'none'],
]);
// Longest first, so 'bolditalic' is tried before 'italic' and 'psmt' before 'mt'.
const STYLE_SUFFIXES = [...STYLE_WORDS.keys()].sort((a, b) => b.length - a.length);

interface Stripped {
  readonly key: string;
  readonly bold: boolean;
  readonly italic: boolean;
}

/** Removes trailing style words ("Bold", "MT", "PSMT", "CYR"…) from a compact name. */
function stripStyle(compact: string): Stripped {
  let key = compact;
  let bold = false;
  let italic = false;
  for (let guard = 0; guard < 4; guard++) {
    const suffix = STYLE_SUFFIXES.find((s) => key.endsWith(s) && key.length > s.length + 2);
    if (!suffix) break;
    // 'roman' only as a separate word: never strip it from "Times New Roman".
    if (suffix === 'roman' && (key.endsWith('newroman') || key === 'timesroman')) break;
    const kind = STYLE_WORDS.get(suffix)!;
    bold ||= kind === 'bold' || kind === 'both';
    italic ||= kind === 'italic' || kind === 'both';
    key = key.slice(0, -suffix.length);
  }
  return { key, bold, italic };
}

/** The symbol set of a symbol-font family, or undefined for ordinary fonts. */
export function symbolSetOf(family: string): SymbolSet | undefined {
  // Asked once per run of text: the few family names a document uses are looked up once.
  let hit = symbolSetCache.get(family);
  if (hit === undefined) {
    hit = SYMBOL_SETS[compactFamilyName(family)] ?? null;
    if (symbolSetCache.size > 4096) symbolSetCache.clear();
    symbolSetCache.set(family, hit);
  }
  return hit ?? undefined;
}

const symbolSetCache = new Map<string, SymbolSet | null>();

/** Maps a document's font family to the shipped family LibreOffice would draw it with. */
export function substituteFamily(family: string, options: SubstituteOptions = {}): Substitution {
  const known = knownSubstitute(family);
  if (known) return known;
  // An unknown family is looked for under its declared alternates (Word draws Open Sans declared with
  // altName Times New Roman in Times New Roman: tika-testWORD_formattingFlipUnderlineOrder's saved page
  // starts). A known family keeps its own substitute: the alternate only locates a missing font.
  for (const alt of options.alternates ?? []) {
    const hit = knownSubstitute(alt);
    if (hit) return { ...hit, viaAlternate: alt };
  }
  if (options.preferHint && options.genericHint) {
    return { family: GENERIC_FAMILY[options.genericHint], reason: 'generic', generic: options.genericHint };
  }
  return { family: DEFAULT_FAMILY, reason: 'default', generic: 'sans' };
}

/** Splits a w:altName value into names (§17.8.3.1: comma-delimited, adjacent commas ignored). */
export function alternateNames(altName: string | undefined): string[] {
  return altName ? altName.split(',').map((n) => n.trim()).filter((n) => n.length > 0) : [];
}

/**
 * The substitute of a family our tables know (shipped, metric twin, generic class, symbol set, or
 * measured original metrics), or undefined for a family they do not name.
 */
function knownSubstitute(family: string): Substitution | undefined {
  // A list like "Segoe UI;Lucida Grande;sans-serif" is looked up by its first name.
  const first = family.split(';')[0]!.trim();
  const compact = compactFamilyName(first);
  const symbolSet = SYMBOL_SETS[compact];
  if (symbolSet) {
    const original = ORIGINAL_METRICS.get(compact);
    return { family: DEFAULT_FAMILY, reason: 'symbol', generic: 'sans', symbolSet, ...(original ? { original } : {}) };
  }
  const direct = lookup(compact);
  if (direct) return direct;
  const s = stripStyle(compact);
  if (s.key !== compact) {
    const hit = lookup(s.key);
    if (hit) {
      return { ...hit, ...(s.bold ? { impliedBold: true } : {}), ...(s.italic ? { impliedItalic: true } : {}) };
    }
  }
  // Measured originals without a table entry (Verdana) are drawn by the default family, fitted.
  const original = ORIGINAL_METRICS.get(s.key);
  return original ? { family: DEFAULT_FAMILY, reason: 'default', generic: 'sans', original } : undefined;
}

function lookup(compact: string): Substitution | undefined {
  const shipped = SHIPPED.get(compact);
  if (shipped) return { family: shipped, reason: 'shipped', generic: GENERIC_OF_SHIPPED[shipped] ?? 'sans' };
  const original = ORIGINAL_METRICS.get(compact);
  const alias = ALIAS.get(compact);
  if (alias) return { family: alias, reason: 'metric', generic: GENERIC_OF_SHIPPED[alias] ?? 'sans', ...(original ? { original } : {}) };
  const near = NEAR.get(compact);
  if (near) return { family: near, reason: 'generic', generic: GENERIC_OF_SHIPPED[near] ?? 'sans', ...(original ? { original } : {}) };
  const generic = GENERIC.get(compact);
  if (generic) return { family: GENERIC_FAMILY[generic], reason: 'generic', generic, ...(original ? { original } : {}) };
  return undefined;
}
