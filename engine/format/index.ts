/**
 * format: numbers and dates as text, the way Word writes them in list labels, page numbers, note
 * marks and field results (ST_NumberFormat, `\@` date pictures, `\#` numeric pictures, `\*` switches).
 * In: plain numbers, date parts and picture strings. Out: strings.
 * Must not: read a clock or the machine's locale/time zone (dates come in as parts).
 */
export { CUSTOM_PREFIX, customNumberFormat, formatNumber, isKnownNumberFormat, toRoman, toLetters, toChicago } from './number-format';
export { cardinalWords, ordinalWords, ordinalSuffix, capitalizeFirst, capitalizeWords } from './english-words';
export { ideographDigital, ideographCounting, koreanCounting, koreanDigital, hebrewNumeral } from './east-asian';
export { formatDatePicture, datePartsFromDate, parseIsoDateParts, type DateParts } from './date-picture';
export { formatNumericPicture } from './numeric-picture';
export { applyTextSwitch, formatNumberSwitch, isNumberSwitch } from './format-switch';
