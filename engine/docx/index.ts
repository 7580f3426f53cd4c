/**
 * docx: parseDocx, the first stage of the converter (DOCX bytes → DocModel).
 * In: the package bytes, options (tracked-changes view, file name, limits, strict) and the host (clock).
 * Out: a DocModel with styles resolved once (docDefaults → table style → numbering → paragraph style →
 * character style → direct), lengths in points, list labels counted, theme colours and fonts applied,
 * fields parsed (package fields computed), media and chart data collected; or a diagnostic.
 * Must not: throw, lay anything out, read a clock other than the host's, or drop text silently
 * (unsupported elements are counted as `docx/unsupported-element` warnings and their text flows).
 */
export { parseDocx, type ParseDocxOptions } from './parse-docx';
export type { TrackedChangesView } from './context';
