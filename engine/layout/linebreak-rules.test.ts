/**
 * Hand-written cases for each UAX #14 rule and each Word tailoring, run against both the WASM
 * kernel and the TS twin. '|' marks an allowed break, '¶' a mandatory one, '~' a soft hyphen.
 */
import { describe, expect, it } from 'vitest';
import { findBreakOpportunities } from './kernel';
import { formatBreaks } from './linebreak-format';
import { findBreakOpportunitiesTwin } from './linebreak-twin';
import type { LineBreakTailoring } from './linebreak-types';

const implementations = [
  ['kernel', findBreakOpportunities],
  ['twin', findBreakOpportunitiesTwin],
] as const;

/** Expected renderings; the input is the rendering without markers. */
const WORD_CASES: Record<string, readonly string[]> = {
  'LB4/LB5/LB6 mandatory breaks after BK, CR, LF, NL, never before them': [
    'a\n¶b', 'a\r\n¶b', 'a\r¶b', 'a\u2028¶b', 'a\u2029¶b', 'a\u0085¶b', 'a\f¶b', 'a \n¶b', '\n¶\n¶x',
  ],
  'LB7/LB18 break after spaces, not before': ['one |two  |three', '  |lead', 'trail  '],
  'LB8 break after zero width space, even after spaces': ['a\u200B|b', 'a\u200B  |b', '(\u200B|x'],
  'LB8a no break after ZWJ (emoji ZWJ sequences)': ['👩‍💻', '👨‍👩‍👧‍👦 |ok', 'a\u200Db'],
  'LB9 combining marks take their base class': ['Cafe\u0301 |au |lait', 'e\u0301f', '日\u0301|本'],
  'LB10 a mark without a base is AL': ['\u0301a', 'a |\u0301b'],
  'LB11 word joiner glues both sides': ['a\u2060b', 'a \u2060b', '日\u2060本'],
  'LB12/LB12a glue (NBSP, NNBSP, figure space, non-breaking hyphen)': [
    '100\u00A0km', '10\u202F000', 'a\u2011b', 'ISO\u00A09001 |ok', 'a |\u00A0b',
  ],
  'LB13/LB15d no break before closing punctuation, even after spaces': [
    'Hello !', 'word )', 'a ]', 'a /b', 'end .', 'end , |next', 'Why ?',
  ],
  'LB14 no break after opening punctuation, even after spaces': ['( a', '[  x', '{ b }'],
  'LB15a/LB15b initial and final quotes hold their spaces': ['« a »', 'x |« y » |z'],
  'LB15c/LB15d break before a leading decimal point only': ['a |.5', 'a .b'],
  'LB16 no break between closing punctuation and nonstarters': ['a) \u203C', 'a)\u203C'],
  'LB17 B2 SP* × B2 (em dashes)': ['a|——|b', '— —'],
  'LB19 no break around ambiguous quotes': ['say |"hi" |now', "it's", "'quoted'"],
  'LB19a East Asian context around curly quotes': ['漢|“字”', 'a“b”'],
  'LB20 breaks around inline objects (U+FFFC)': ['a|\uFFFC|b', '\uFFFC|\uFFFC', '(\uFFFC)', '\uFFFC.', 'x |\uFFFC |y'],
  'LB20a no break after a word-initial hyphen': ['-abc', 'x |-abc', 'x-|abc', '\u2010abc'],
  'LB21 no break before hyphens, BA, NS; none after BB': ['well-|known', 'a\t|b', 'x|\u02C8y', 'ok\u2010|go'],
  'LB21a no break after a Hebrew hyphen before non-Hebrew': ['א-a', 'א-|ב'],
  'LB21b no break between solidus and Hebrew': ['a/א'],
  'LB22 no break before ellipses': ['wait…', '日|本…'],
  'LB23/LB24 letters with digits, prefixes and postfixes': ['A4', '4a', '$x', 'x%', 'USD\u00A05'],
  'LB23a ideographs with prefixes and postfixes': ['日%', '¥日'],
  'LB25 numbers stay together': [
    '$1,234.56', '(12)%', '-5', 'x |-5', '1/2', '12.5%', '£(123.456)', '€ |2.500,00', 'x |+.25',
  ],
  'LB26/LB27 Hangul syllable blocks': ['\u1100\u1161\u11A8', '한|국|어', '한%'],
  'LB28 letters stay together': ['abc', 'naïve |Straße'],
  'LB28a Brahmic orthographic syllables (Balinese)': ['\u1B05\u1B44\u1B05', '\u1B05|\u1B05', '\u25CC\u1B44\u1B05'],
  'LB29/LB30 infix separators and parentheses': ['(e.g.)', 'e.g.', 'f(x)', 'a|（b）', 'See |(e.g.) |this'],
  'LB30a regional indicator pairs (flags)': ['🇩🇪|🇫🇷', '🇩🇪|🇫', 'x|🇩🇪'],
  'LB30b emoji modifiers': ['👍🏽', '👍|👍', 'ok |👍🏽|👍'],
  'LB31 ideographs break everywhere else': ['日|本|語'],
  'kinsoku: no break before closing or small punctuation, none after opening': [
    '日|本|語。|テ|ス|ト', '「日|本」', '日、|本', '（日|本）',
  ],
  'Thai resolves to AL (no dictionary breaks)': ['ภาษาไทย |ดี'],
  'soft hyphen: reported as its own action': ['hyphen\u00AD~ation', 'a\u00AD |b', '\u00AD~x'],
  'URLs and e-mail addresses': ['mail |legal@example.com', 'see |www.ecma-|international.org |now'],
  'surrogate pairs and lone surrogates': ['𠀀|𠀁', 'a\uD800b', '\uDC00a', 'x\uD800|日'],
};

/** Cases that differ between the tailorings: [word rendering, uax14 rendering]. */
const TAILORED_CASES: Record<string, readonly (readonly [string, string])[]> = {
  'W1 small kana and U+30FC may start a line in Word (CJ resolves to ID, not NS)': [
    ['ち|ょ|っ|と', 'ちょっ|と'],
    ['コ|ー|ヒ|ー', 'コー|ヒー'],
  ],
  'W2 Word breaks after a hyphen between a word or number and a number': [
    ['10-|20', '10-20'],
    ['555-|1234', '555-1234'],
    ['A-|1', 'A-1'],
    ['x |-5', 'x |-5'],
  ],
  'W3 Word keeps a solidus with the letter or digit after it (paths, URLs, "and/or")': [
    ['see |https://example.com/a/b?|q=1 |now', 'see |https://|example.com/|a/|b?|q=1 |now'],
    ['and/or |not', 'and/|or |not'],
    ['page/2', 'page/|2'],
    ['a/ |b', 'a/ |b'],
  ],
  'W4 Word keeps an infix separator with an opening bracket after it': [
    ['principles.(7)Coherence: |a', 'principles.|(7)Coherence: |a'],
    ['one,(two) |three', 'one,|(two) |three'],
    ['a.|（b）', 'a.|（b）'],
    ['a. |(b)', 'a. |(b)'],
  ],
};

function strip(rendering: string): string {
  return rendering.replace(/[|¶~]/g, '');
}

describe.each(implementations)('%s', (_name, find) => {
  const show = (text: string, tailoring?: LineBreakTailoring): string => formatBreaks(text, find(text, tailoring));

  for (const [rule, renderings] of Object.entries(WORD_CASES)) {
    it(rule, () => {
      for (const expected of renderings) expect(show(strip(expected))).toBe(expected);
    });
  }

  for (const [rule, pairs] of Object.entries(TAILORED_CASES)) {
    it(rule, () => {
      for (const [word, uax14] of pairs) {
        expect(show(strip(word), 'word')).toBe(word);
        expect(show(strip(uax14), 'uax14')).toBe(uax14);
      }
    });
  }

  it('gives index 0, trailing surrogates and absorbed marks no break', () => {
    const text = 'x 𠀀e\u0301\u0301 y';
    const actions = find(text);
    expect(actions.length).toBe(text.length);
    expect(actions[0]).toBe(0);
    expect(actions[3]).toBe(0); // trailing half of U+20000
    expect([actions[5], actions[6]]).toEqual([0, 0]); // combining acute accents
  });

  it('returns an empty array for empty text', () => {
    expect(find('').length).toBe(0);
  });
});
