/**
 * Document settings (word/settings.xml, CT_Settings, §17.15) that change layout, plus the inputs
 * other readers need from it (theme font languages, colour mapping).
 */
import type { DocSettings, MathSettings, MathWrap } from '../model';
import type { XmlElement } from '../xml';
import { attr, child, children } from '../xml';
import { DEFAULT_ENDNOTES, DEFAULT_FOOTNOTES, readNoteOptions } from './sections';
import { intAttr, measureValue, onOff } from './values';

/** Reads settings; `background` comes from document.xml's w:background (resolved by the caller). */
export function readSettings(root: XmlElement | undefined, background: string | undefined): DocSettings {
  const flag = (name: string) => onOff(child(root, name)) === true;
  const compat = child(root, 'w:compat');
  const tab = measureValue(attr(child(root, 'w:defaultTabStop'), 'w:val'), 20);
  const zone = measureValue(attr(child(root, 'w:hyphenationZone'), 'w:val'), 20);
  const limit = intAttr(child(root, 'w:consecutiveHyphenLimit'));
  const s: { -readonly [K in keyof DocSettings]: DocSettings[K] } = {
    defaultTabStopPt: tab !== undefined && tab > 0 ? Math.min(tab, 1584) : 36,
    evenAndOddHeaders: flag('w:evenAndOddHeaders'),
    mirrorMargins: flag('w:mirrorMargins'),
    gutterAtTop: flag('w:gutterAtTop'),
    autoHyphenation: flag('w:autoHyphenation'),
    doNotHyphenateCaps: flag('w:doNotHyphenateCaps'),
    compatibilityMode: compatibilityMode(root, compat),
    footnotes: readNoteOptions(child(root, 'w:footnotePr'), DEFAULT_FOOTNOTES),
    endnotes: readNoteOptions(child(root, 'w:endnotePr'), DEFAULT_ENDNOTES),
    displayBackgroundShape: flag('w:displayBackgroundShape'),
    doNotUseHtmlParagraphAutoSpacing: onOff(child(compat, 'w:doNotUseHTMLParagraphAutoSpacing')) === true,
    adjustLineHeightInTable: onOff(child(compat, 'w:adjustLineHeightInTable')) === true,
    // Word drops space before at the top of a page after a natural break; no setting turns that off.
    suppressSpacingAtTopOfPage: true,
  };
  if (onOff(child(compat, 'w:usePrinterMetrics')) === true) s.usePrinterMetrics = true;
  if (onOff(child(compat, 'w:ulTrailSpace')) === true) s.underlineTrailingSpaces = true;
  if (onOff(child(compat, 'w:splitPgBreakAndParaMark')) === true) s.splitPageBreakAndParaMark = true;
  if (zone !== undefined && zone > 0) s.hyphenationZonePt = zone;
  if (limit !== undefined && limit > 0) s.consecutiveHyphenLimit = limit;
  if (background) s.background = background;
  const math = readMathSettings(child(root, 'm:mathPr'));
  if (math) s.math = math;
  const docId = attr(child(root, 'w15:docId'), 'w15:val');
  if (docId) s.docId = docId.replace(/[{}]/g, '');
  return s;
}

/**
 * w:compatSetting compatibilityMode; without one, 12 (Word 2007: a settings part that does not name a
 * mode was written by Word 2007 or a tool imitating it, legacy w:compat switches or not), and 15 when
 * the package has no settings part at all (Word opens such a file in its current mode).
 */
function compatibilityMode(root: XmlElement | undefined, compat: XmlElement | undefined): number {
  for (const cs of children(compat, 'w:compatSetting')) {
    if (attr(cs, 'w:name') === 'compatibilityMode' && attr(cs, 'w:uri') === 'http://schemas.microsoft.com/office/word') {
      const v = Number(attr(cs, 'w:val'));
      if (Number.isFinite(v) && v >= 9 && v <= 99) return Math.trunc(v);
    }
  }
  return root ? 12 : 15;
}

/** The theme font languages (w:themeFontLang, §17.15.1.88). */
export function readThemeFontLang(root: XmlElement | undefined): { latin?: string; eastAsia?: string; bidi?: string } {
  const el = child(root, 'w:themeFontLang');
  if (!el) return {};
  const out: { latin?: string; eastAsia?: string; bidi?: string } = {};
  if (el.attrs['w:val']) out.latin = el.attrs['w:val'];
  if (el.attrs['w:eastAsia']) out.eastAsia = el.attrs['w:eastAsia'];
  if (el.attrs['w:bidi']) out.bidi = el.attrs['w:bidi'];
  return out;
}

const JC = new Set(['left', 'right', 'center', 'centerGroup']);
const LIM = new Set(['undOvr', 'subSup']);

/** The math defaults layout uses (m:mathPr, §22.1.2.62): defJc, naryLim, intLim, smallFrac. */
function readMathSettings(el: XmlElement | undefined): MathSettings | undefined {
  if (!el) return undefined;
  const val = (name: string) => attr(child(el, name), 'm:val');
  const out: { -readonly [K in keyof MathSettings]: MathSettings[K] } = {};
  const jc = val('m:defJc');
  if (jc && JC.has(jc)) out.defJc = jc as NonNullable<MathSettings['defJc']>;
  const nary = val('m:naryLim');
  if (nary && LIM.has(nary)) out.naryLim = nary as NonNullable<MathSettings['naryLim']>;
  const int = val('m:intLim');
  if (int && LIM.has(int)) out.intLim = int as NonNullable<MathSettings['intLim']>;
  const small = child(el, 'm:smallFrac');
  if (small) out.smallFrac = !['0', 'off', 'false'].includes(val('m:smallFrac') ?? '1');
  const wrap = readMathWrap(el, val);
  if (wrap) out.wrap = wrap;
  return out;
}

const BRK_BIN = new Set(['before', 'after', 'repeat']);

/** m:brkBin, m:brkBinSub, m:wrapIndent (twips), m:wrapRight; undefined when none is given. */
function readMathWrap(el: XmlElement, val: (name: string) => string | undefined): MathWrap | undefined {
  const out: { -readonly [K in keyof MathWrap]: MathWrap[K] } = {};
  const brk = val('m:brkBin');
  if (brk && BRK_BIN.has(brk)) out.brkBin = brk as NonNullable<MathWrap['brkBin']>;
  const sub = val('m:brkBinSub');
  if (sub === '--' || sub === '-+' || sub === '+-') out.brkBinSub = sub;
  const indent = Number(val('m:wrapIndent'));
  if (val('m:wrapIndent') !== undefined && Number.isFinite(indent) && indent >= 0 && indent <= 31680) out.indentPt = indent / 20;
  if (child(el, 'm:wrapRight')) out.right = !['0', 'off', 'false'].includes(val('m:wrapRight') ?? '1');
  return Object.keys(out).length ? out : undefined;
}
