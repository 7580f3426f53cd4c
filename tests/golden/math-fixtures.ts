/**
 * Fixtures with Office Math (ECMA-376 Part 1 §22.1): an inline equation in a line of text, and a
 * display equation (m:oMathPara) holding a fraction, a sum with limits, a radical, a matrix in
 * brackets and a function, typeset by engine/layout/math.
 */
import { OFFICE_THEME, WORD_DEFAULT_STYLES, run, type MakeDocxOptions } from '../helpers/make-docx';

const m = (t: string, sty = '') => `<m:r>${sty ? `<m:rPr><m:sty m:val="${sty}"/></m:rPr>` : ''}<w:rPr><w:rFonts w:ascii="Cambria Math" w:hAnsi="Cambria Math"/></w:rPr><m:t>${t}</m:t></m:r>`;
const e = (x: string) => `<m:e>${x}</m:e>`;
const frac = (n: string, d: string) => `<m:f><m:num>${n}</m:num><m:den>${d}</m:den></m:f>`;
const sup = (b: string, s: string) => `<m:sSup><m:e>${b}</m:e><m:sup>${s}</m:sup></m:sSup>`;

/** x² + 1/2 inline; then Σ_{k=0}^{n} (n k) x^k, √(a+b), [[1,0],[0,1]] and sin θ in display. */
export const MATH_FIXTURES: Record<string, MakeDocxOptions> = {
  'math-equations': {
    styles: WORD_DEFAULT_STYLES,
    theme: OFFICE_THEME,
    body:
      `<w:p>${run('Inline ')}<m:oMath>${sup(m('x'), m('2'))}${m('+')}${frac(m('1'), m('2'))}</m:oMath>${run(' in text.')}</w:p>` +
      '<w:p><m:oMathPara><m:oMath>' +
      `<m:nary><m:naryPr><m:chr m:val="∑"/><m:limLoc m:val="undOvr"/></m:naryPr><m:sub>${m('k=0')}</m:sub><m:sup>${m('n')}</m:sup>` +
      `<m:e><m:d>${e(`<m:f><m:fPr><m:type m:val="noBar"/></m:fPr><m:num>${m('n')}</m:num><m:den>${m('k')}</m:den></m:f>`)}</m:d>${sup(m('x'), m('k'))}</m:e></m:nary>` +
      `${m('=')}<m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/>${e(m('a+b'))}</m:rad>` +
      `<m:d><m:dPr><m:begChr m:val="["/><m:endChr m:val="]"/></m:dPr>${e(`<m:m><m:mr>${e(m('1'))}${e(m('0'))}</m:mr><m:mr>${e(m('0'))}${e(m('1'))}</m:mr></m:m>`)}</m:d>` +
      `<m:func><m:fName>${m('sin', 'p')}</m:fName>${e(m('θ'))}</m:func>` +
      '</m:oMath></m:oMathPara></w:p>' +
      `<w:p>${run('After.')}</w:p>`,
  },
};
