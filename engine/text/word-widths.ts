/**
 * Word's advance widths for families whose open stand-in does not share them.
 *
 * Caladea (the stand-in for Cambria, fonts-crosextra-caladea 20200211) is not metric-compatible
 * with Cambria as Word draws it: lower-case e and o are 11% narrower, its default figures are
 * proportional (1 is 362/1000 em; Cambria's are tabular, 554). Aptos, Office's default since 2023,
 * has no open twin: Liberation Sans stands in, whose space is 278/1000 em against Aptos's 203.
 * Georgia, Verdana, Tahoma and Comic Sans MS fall back to DejaVu Serif and DejaVu Sans (as
 * LibreOffice does): Georgia's letters are 11% narrower than DejaVu Serif's, Verdana's space is
 * 352/1000 em against 318, Tahoma's text 12% narrower than DejaVu Sans's.
 * Lines therefore broke elsewhere than in Word. These tables hold the advance widths (1/1000 em) that
 * Word itself wrote into the /Widths arrays of the fonts it embedded in its PDF renders of the dev
 * corpus (dev-ref/*.word.pdf): measured figures, no font data. A character the table lacks takes
 * the stand-in's width times the table's median ratio over the letters it has.
 *
 * Keys: compact family name (substitution.ts compactFamilyName), '|', bold and italic as 0/1.
 */

/** [key, characters, widths in 1/1000 em, one per character]. */
const TABLES: ReadonlyArray<readonly [string, string, readonly number[]]> = [
  ["aptos|00", " !$%()+,-./0123456789ABCDEFGHIJKLMNOPQRSTUabcdefghijklmnopqrstuvwxyz", [203, 293, 534, 826, 293, 293, 534, 286, 340, 286, 339, 534, 534, 534, 534, 534, 534, 534, 534, 534, 534, 589, 604, 692, 686, 556, 524, 708, 707, 260, 331, 568, 500, 790, 706, 732, 577, 732, 606, 566, 479, 681, 531, 561, 525, 561, 527, 301, 484, 551, 239, 239, 487, 260, 853, 551, 552, 561, 561, 334, 486, 323, 559, 452, 721, 442, 452, 438]],
  ["aptosdisplay|00", " 12Hadegin", [193, 523, 523, 662, 489, 519, 494, 439, 210, 506]],
  ["cambria|00", " $%,-.0123456789:ACDEGIKMOPQRSTUVWabcdefghijklmnopqrstuvwxyz", [220, 506, 890, 205, 332, 205, 554, 554, 554, 554, 554, 554, 554, 554, 554, 554, 264, 623, 563, 662, 575, 611, 324, 629, 815, 653, 568, 653, 621, 496, 593, 648, 604, 921, 488, 547, 441, 555, 488, 303, 494, 552, 278, 266, 524, 271, 832, 558, 531, 556, 547, 414, 430, 338, 552, 504, 774, 483, 504, 455]],
  ["cambria|10", " ()-./124:?ABCDEFGHIJLMNOPQRSTUVWXabcdefghijlmnoprstuvwxy–", [220, 408, 408, 337, 232, 505, 592, 592, 592, 280, 452, 652, 651, 573, 705, 578, 551, 646, 722, 350, 341, 551, 846, 679, 695, 614, 695, 662, 513, 639, 676, 634, 961, 619, 535, 591, 469, 597, 531, 326, 520, 597, 314, 302, 308, 890, 604, 569, 597, 461, 459, 365, 597, 531, 798, 525, 531, 500]],
  ["cambria|11", " \"()+-./4?@ABCDEFGHIJLMOPRSTUWXabcdefghijklmnoprstuvxy–", [220, 400, 396, 396, 573, 325, 225, 480, 573, 438, 921, 614, 625, 552, 679, 562, 536, 619, 691, 341, 333, 531, 818, 675, 596, 632, 501, 603, 654, 930, 586, 570, 567, 452, 570, 499, 320, 565, 580, 302, 297, 538, 297, 866, 585, 540, 571, 456, 442, 364, 584, 500, 483, 500, 500]],
  ["cambria|01", " abceiltu", [220, 526, 521, 433, 457, 271, 267, 345, 535]],
  ["georgia|00", " ,-.16AGIJTabcdefghijklmnoprstuvwxyz—", [241, 270, 374, 270, 430, 566, 671, 725, 390, 518, 619, 504, 560, 454, 574, 483, 325, 509, 582, 293, 292, 536, 286, 881, 591, 539, 571, 410, 432, 345, 575, 497, 737, 505, 492, 444, 857]],
  ["georgia|10", " 1GJadefgioprstu—", [254, 490, 807, 595, 596, 663, 572, 393, 577, 354, 636, 658, 520, 513, 397, 677, 928]],
  ["georgia|01", " Gaeghinort", [241, 725, 573, 472, 573, 563, 297, 590, 537, 461, 347]],
  ["verdana|00", " (),.3469EFJLSTVabcdefghijklmnoprstuvwxyz", [352, 454, 454, 364, 364, 636, 636, 636, 636, 632, 575, 455, 557, 684, 616, 684, 601, 623, 521, 623, 596, 352, 623, 633, 272, 344, 592, 272, 973, 633, 607, 623, 427, 521, 394, 633, 592, 818, 592, 592, 525]],
  ["verdana|01", "delmnopty", [623, 596, 274, 973, 633, 607, 623, 394, 591]],
];

/**
 * Printable ASCII (U+0020–U+007E), the characters of the string-pixel-width tables below.
 */
const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');

/**
 * Tahoma and Comic Sans MS: no Word render in the corpus holds either font (nor does a Word
 * thumbnail), so their widths come from the string-pixel-width 1.11.0 package's table
 * (lib/widthsMap.js), measured in a browser on the Windows fonts at 100 px and rounded to whole
 * pixels: 1/100 em, ±5/1000. Its Verdana table agrees with Word's Verdana /Widths above within that
 * rounding on all 41 characters both have, and its Tahoma letters average within 0.4% of the
 * frequency-weighted widths the @capsizecss/metrics 4.3.0 dataset read from the font files
 * (xWidthAvg 917 and 1044 per 2048 em, regular and bold). Windows has no italic Tahoma: Word slants
 * the upright face, on its widths (string-pixel-width's italic columns are its upright ones, for
 * Comic Sans MS too). Over English text Tahoma sets 0.876 of DejaVu Sans's width, Tahoma Bold 0.883
 * of DejaVu Sans Bold's, Comic Sans MS 0.924 and its bold 0.874 (its letters share the regular's
 * widths; space, figures and punctuation are wider). With them Word's first page of
 * oxsdk-2003_Consumer_Confidence_Report ends where its w:lastRenderedPageBreak says (on DejaVu
 * Sans's own widths it ends two lines into the next paragraph; without the bold table, a paragraph
 * early).
 */
const TAHOMA = [
  310, 330, 400, 730, 550, 980, 670, 210, 380, 380, 550, 730, 300, 360, 300, 380, 550, 550, 550, 550, 550, 550, 550, 550, 550, 550, 350, 350,
  730, 730, 730, 470, 910, 600, 590, 600, 680, 560, 520, 670, 680, 370, 420, 590, 500, 770, 670, 710, 550, 710, 620, 560, 580, 660, 600, 900,
  580, 580, 560, 380, 380, 380, 730, 550, 550, 520, 550, 460, 550, 530, 320, 550, 560, 230, 280, 500, 230, 840, 560, 540, 550, 550, 360, 450,
  330, 560, 500, 740, 500, 500, 440, 480, 380, 480, 730,
];
const TAHOMA_BOLD = [
  290, 340, 490, 820, 640, 1200, 780, 280, 450, 450, 640, 820, 310, 430, 310, 580, 640, 640, 640, 640, 640, 640, 640, 640, 640, 640, 360, 360,
  820, 820, 820, 570, 920, 680, 690, 670, 760, 620, 580, 750, 760, 480, 500, 700, 570, 890, 770, 770, 660, 770, 730, 630, 610, 740, 670, 1030,
  680, 670, 620, 450, 580, 450, 820, 640, 550, 600, 630, 530, 630, 590, 380, 630, 640, 300, 360, 600, 300, 950, 640, 620, 630, 630, 430, 510,
  420, 640, 580, 890, 600, 580, 530, 620, 640, 620, 820,
];
const COMIC_SANS = [
  300, 240, 420, 840, 690, 820, 650, 390, 370, 370, 530, 480, 280, 420, 250, 510, 610, 450, 610, 610, 610, 610, 610, 610, 610, 610, 300, 300,
  380, 510, 380, 520, 930, 730, 630, 600, 720, 620, 610, 680, 770, 550, 670, 610, 550, 880, 800, 800, 520, 880, 630, 690, 680, 740, 650, 1040,
  720, 640, 690, 380, 550, 380, 580, 630, 560, 510, 590, 510, 590, 550, 510, 530, 580, 280, 400, 540, 270, 780, 520, 530, 530, 520, 480, 490,
  470, 520, 490, 680, 590, 520, 540, 370, 420, 370, 600,
];
const COMIC_SANS_BOLD = [
  480, 240, 440, 840, 690, 820, 650, 430, 370, 370, 530, 610, 430, 610, 430, 510, 610, 610, 610, 610, 610, 610, 610, 610, 610, 610, 430, 430,
  610, 610, 610, 570, 930, 730, 630, 620, 720, 620, 610, 680, 770, 550, 670, 610, 550, 880, 810, 800, 530, 880, 640, 690, 700, 740, 670, 1040,
  720, 640, 690, 380, 550, 380, 610, 630, 560, 560, 590, 510, 590, 560, 510, 530, 580, 280, 400, 540, 270, 780, 520, 530, 530, 520, 480, 490,
  470, 520, 490, 680, 590, 550, 540, 370, 420, 370, 610,
];

/**
 * Widths of scripts or fonts none of Word's renders in the corpus draws, from other measurements of
 * the same font (Tahoma and Comic Sans MS: above), never overriding a width of TABLES. Verdana's
 * Cyrillic (U+0400–U+045F): the anafanafo 2.0.0 package's table of Verdana measured in a browser at
 * 11 px to 0.01 px (width / 11 px, so ±0.5/1000 em); its 41 characters that Word's table also has
 * agree within 1/1000 em, but for i and l (274.5 against Word's 272). DejaVu Sans's Cyrillic is
 * wider than Verdana's where its Latin is not (т 583 against 496, ж 901 against 798, д 691 against
 * 622; 0.968 of it over Russian letter frequencies), so Russian text set in Verdana took about 3%
 * more room than in Word (poi-drawing's page starts).
 */
const SUPPLEMENTS: ReadonlyArray<readonly [string, string, readonly number[]]> = [
  ['tahoma|00', ASCII, TAHOMA],
  ['tahoma|01', ASCII, TAHOMA],
  ['tahoma|10', ASCII, TAHOMA_BOLD],
  ['tahoma|11', ASCII, TAHOMA_BOLD],
  ['comicsansms|00', ASCII, COMIC_SANS],
  ['comicsansms|01', ASCII, COMIC_SANS],
  ['comicsansms|10', ASCII, COMIC_SANS_BOLD],
  ['comicsansms|11', ASCII, COMIC_SANS_BOLD],
  [
    'verdana|00',
    'ЀЁЂЃЄЅІЇЈЉЊЋЌЍЎЏАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдежзийклмнопрстуфхцчшщъыьэюяѐёђѓєѕіїјљњћќѝўџ',
    [
      633, 633, 793, 566, 701, 684, 421, 421, 455, 1118, 1103, 818, 693, 751, 615, 752, 684, 685, 685, 566, 745, 633, 973, 615, 751, 751, 693, 735,
      843, 752, 787, 752, 603, 698, 616, 615, 819, 685, 761, 712, 1030, 1045, 784, 920, 681, 701, 1035, 706, 601, 615, 595, 471, 622, 595, 798, 525,
      640, 640, 592, 621, 696, 637, 607, 637, 623, 535, 496, 592, 841, 592, 645, 605, 876, 887, 641, 795, 571, 547, 839, 600, 595, 595, 633, 471, 547,
      521, 275, 275, 345, 914, 914, 633, 592, 640, 592, 637,
    ],
  ],
];

const BY_KEY = new Map<string, Map<number, number>>();
for (const [key, chars, widths] of [...TABLES, ...SUPPLEMENTS]) {
  if (chars.length !== widths.length) throw new Error(`word-widths: ${key} has ${chars.length} characters and ${widths.length} widths`);
  let m = BY_KEY.get(key);
  if (!m) BY_KEY.set(key, (m = new Map()));
  for (let i = 0; i < chars.length; i++) if (!m.has(chars.charCodeAt(i))) m.set(chars.charCodeAt(i), widths[i]!);
}

/** Word's widths (1/1000 em by code point) for a family and style, when we have them. */
export function wordWidthsOf(compactFamily: string, bold: boolean, italic: boolean): ReadonlyMap<number, number> | undefined {
  return BY_KEY.get(`${compactFamily}|${bold ? 1 : 0}${italic ? 1 : 0}`);
}
