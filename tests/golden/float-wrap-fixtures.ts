/**
 * Fixtures for text wrapping around floats: both-sides wrapping around a centred picture, and tight
 * wrapping that follows a wrap polygon (wp:wrapTight > wp:wrapPolygon, §20.4.2.16–17).
 */
import { OFFICE_THEME, WORD_DEFAULT_STYLES, run, type MakeDocxOptions } from '../helpers/make-docx';
import { anchoredPicture, TINY_PNG } from '../helpers/tiny-png';

const TEXT =
  'Words flow on both sides of a picture in the middle of the column when each side has room for them, left part first and then the right part of the same line, as Word fills them.';

/** Long words (wider than 31 pt) between short ones. */
export const LONG_WORDS = 'a Extraordinarily b Internationalization c Counterrevolutionaries';

const media = { rIdImg: { name: 'image1.png', data: TINY_PNG } };

/** An up-pointing triangle (apex top centre), as Word writes it: 21600 units per extent, closed. */
const TRIANGLE =
  '<wp:wrapTight wrapText="bothSides"><wp:wrapPolygon edited="1"><wp:start x="10800" y="0"/><wp:lineTo x="21600" y="21600"/>' +
  '<wp:lineTo x="0" y="21600"/><wp:lineTo x="10800" y="0"/></wp:wrapPolygon></wp:wrapTight>';

/** The fixtures, by name. */
export const FLOAT_WRAP_FIXTURES: Record<string, MakeDocxOptions> = {
  // A 1.5 in square picture centred in the 6.5 in column (x 162..270 pt from the margin), square wrap.
  'float-wrap-both-sides': {
    styles: WORD_DEFAULT_STYLES,
    theme: OFFICE_THEME,
    body: `<w:p>${anchoredPicture('rIdImg', 108, 108, { x: 180, y: 0, wrap: 'square' })}${run(Array(6).fill(TEXT).join(" "))}</w:p>`,
    media,
  },
  // A picture 40 pt from the margin leaves a 31 pt gap on its left (distL 9): short words go there,
  // long ones move on to the right of the picture instead of being cut.
  'float-wrap-narrow-left': {
    styles: WORD_DEFAULT_STYLES,
    theme: OFFICE_THEME,
    body: `<w:p>${anchoredPicture('rIdImg', 108, 108, { x: 40, y: 0, wrap: 'square' })}${run(Array(12).fill(LONG_WORDS).join(' '))}</w:p>`,
    media,
  },
  // A 2 in × 2 in picture at the left margin, tight-wrapped to a triangle: lines start near the apex
  // at the top and move right as the triangle widens.
  'float-wrap-tight-triangle': {
    styles: WORD_DEFAULT_STYLES,
    theme: OFFICE_THEME,
    body: `<w:p>${anchoredPicture('rIdImg', 144, 144, { x: 0, y: 0, wrap: 'square', wrapText: 'right' }).replace('<wp:wrapSquare wrapText="right"/>', TRIANGLE.replace('bothSides', 'right'))}${run(Array(6).fill(TEXT).join(" "))}</w:p>`,
    media,
  },
};
