/**
 * Cursive joining across piece boundaries. Pieces are shaped one at a time, but Word splits runs
 * anywhere (an edit, a coloured letter, a tatweel typed later), and an Arabic word cut between two
 * runs must keep its joined forms. Where the letters on both sides of a cut join, the piece is
 * shaped with a ZERO WIDTH JOINER on that side (a join-causing character, ArabicShaping.txt), whose
 * glyph is then dropped.
 */

/** The joiner added at a cut. */
export const ZWJ = '\u200D';

/** Arabic letters that join only to the preceding letter (Joining_Type R in ArabicShaping.txt). */
const RIGHT_ONLY = new Set([
  0x0622, 0x0623, 0x0624, 0x0625, 0x0627, 0x0629, 0x062f, 0x0630, 0x0631, 0x0632, 0x0648, 0x0671, 0x0672, 0x0673,
  0x0675, 0x0676, 0x0677, 0x06c0, 0x06c3, 0x06c4, 0x06c5, 0x06c6, 0x06c7, 0x06c8, 0x06c9, 0x06ca, 0x06cb, 0x06cd,
  0x06cf, 0x06d2, 0x06d3, 0x06d5, 0x06ee, 0x06ef, 0x0759, 0x075a, 0x075b, 0x076b, 0x076c, 0x0771, 0x0773, 0x0774,
  0x0778, 0x0779, 0x08aa, 0x08ab, 0x08ac, 0x08ae, 0x08b1, 0x08b2, 0x08b9,
]);

function isArabicLetter(c: number): boolean {
  return (c >= 0x0620 && c <= 0x064a) || (c >= 0x066e && c <= 0x06d5) || (c >= 0x06ee && c <= 0x06ff) ||
    (c >= 0x0750 && c <= 0x077f) || (c >= 0x08a0 && c <= 0x08c9);
}

/** Marks that joining looks through (Joining_Type T): harakat, Quranic marks, superscript alef. */
function isTransparent(c: number): boolean {
  return (c >= 0x064b && c <= 0x065f) || c === 0x0670 || (c >= 0x06d6 && c <= 0x06ed && c !== 0x06dd && c !== 0x06de) || (c >= 0x08ca && c <= 0x08ff);
}

/** Whether a character joins to the following one (dual-joining letters and the tatweel). */
function joinsForward(c: number): boolean {
  if (c === 0x0640) return true;
  return isArabicLetter(c) && c !== 0x0621 && c !== 0x0674 && c !== 0x06dd && !RIGHT_ONLY.has(c);
}

/** Whether a character joins to the preceding one (any joining letter and the tatweel). */
function joinsBackward(c: number): boolean {
  if (c === 0x0640) return true;
  return isArabicLetter(c) && c !== 0x0621 && c !== 0x0674 && c !== 0x06dd;
}

/** Whether the letters on both sides of the cut before text index `at` join (marks are looked through). */
export function joinsAcross(text: string, at: number): boolean {
  let b = at - 1;
  while (b >= 0 && isTransparent(text.charCodeAt(b))) b--;
  let a = at;
  while (a < text.length && isTransparent(text.charCodeAt(a))) a++;
  if (b < 0 || a >= text.length) return false;
  return joinsForward(text.charCodeAt(b)) && joinsBackward(text.charCodeAt(a));
}
