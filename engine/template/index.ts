/**
 * template: fills DOCX templates at the package's XML level — content controls, {{placeholders}} (also
 * split across runs), MERGEFIELDs and picture placeholders, with text, images, signatures, tables,
 * check boxes, dates and dropdowns, loops and conditions — and lists a template's fields.
 * In: DOCX bytes, a request (API.md `fields` list and/or a nested `data` object), options, the host
 * (fonts for typed signatures, cancellation). Out: a DOCX (untouched parts byte-identical) and a report
 * {filled, missing, unknown}; or, through annotateDocument, a PDF.
 * Must not: throw, touch parts it does not change, expand entities, or trust request values
 * (sizes, depth, image bytes and reserved keys are checked).
 */
export { fillTemplate } from './fill';
export { listFields } from './list-fields';
export { annotateDocument, DOCX_CONTENT_TYPE, type AnnotateOptions, type AnnotateResult } from './annotate';
export { parseFillRequest, MAX_DATA_DEPTH, MAX_FIELDS } from './request';
export { SIGNATURE_FONT_FILE, SIGNATURE_FALLBACK_FILE } from './typed-signature';
export type {
  FieldType, FieldOptions, FieldInput, FillRequest, FillOptions, FillReport, FillResult, Delimiters, SignatureLabel,
  FieldInfo, FieldLocation, FieldSource, TemplateFieldType,
} from './types';
