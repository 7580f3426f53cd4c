/**
 * The templating stage's public types: the request (API.md `fields` list or a nested `data` object),
 * the options, the report, and the introspection record `FieldInfo`.
 */
import type { InputLimits } from '../core';

/** Field types a request may give (API.md: text, image, signature, table; plus the form-control types). */
export type FieldType = 'text' | 'image' | 'signature' | 'table' | 'checkbox' | 'date' | 'dropdown';

/** A label drawn with a signature (`topLabel` above the image, `bottomLabel` below it). */
export interface SignatureLabel {
  readonly text: string;
  /** Hex colour such as `#1F3864` or `1F3864`. */
  readonly color?: string;
}

/** Per-field options (API.md). Unknown options are ignored with a warning. */
export interface FieldOptions {
  /** text: keep the placeholder's run formatting (default true). */
  readonly keepTextNodeStyles?: boolean;
  /** image / signature: size in CSS pixels (96 per inch). */
  readonly dimensions?: { readonly width: number; readonly height: number };
  /** signature: label drawn above the image. */
  readonly topLabel?: SignatureLabel;
  /** signature: label drawn below the image. */
  readonly bottomLabel?: SignatureLabel;
  /** signature: ink colour of a typed signature (default dark blue). */
  readonly color?: string;
  /** table: repeat the template row with its formatting (default true); false builds plain rows. */
  readonly copyRowStyle?: boolean;
  /** date: a Word date picture (`d MMMM yyyy`) used where the template gives none. */
  readonly format?: string;
}

/** One entry of the API.md `fields` list. Exactly one of `id` and `group` is given. */
export interface FieldInput {
  readonly id?: string;
  readonly group?: string;
  readonly type: FieldType;
  /** string (text, image, signature, date, dropdown), boolean (checkbox), string[][] (table); lists of objects drive loops. */
  readonly value: unknown;
  readonly options?: FieldOptions;
}

/** What to fill: the `fields` list, a nested `data` object, or both (a `fields` entry wins over `data`). */
export interface FillRequest {
  readonly fields?: readonly FieldInput[];
  readonly data?: Readonly<Record<string, unknown>>;
}

/** Placeholder delimiters, e.g. `{ start: '{{', end: '}}' }`. */
export interface Delimiters {
  readonly start: string;
  readonly end: string;
}

/** Options of fillTemplate and listFields. */
export interface FillOptions {
  /** Placeholder delimiters (default `{{` and `}}`); a string such as `'{ }'` is split at the space. */
  readonly delimiters?: Delimiters | string;
  /** Missing and unknown fields (and warnings) become errors. */
  readonly strict?: boolean;
  /** Replace content controls by their content (default false: keep them so the result can be filled again). */
  readonly flatten?: boolean;
  /** Remove template fields that got no value (default false: leave them as they were). */
  readonly removeMissing?: boolean;
  readonly limits?: Partial<InputLimits>;
}

/** What a fill did. Names are template field names (control tag/alias/id, placeholder or MERGEFIELD name). */
export interface FillReport {
  /** Template fields that received a value. */
  readonly filled: string[];
  /** Template fields that received no value (left as they were, or removed with `removeMissing`). */
  readonly missing: string[];
  /** Request ids, groups or top-level data keys that matched no template field. */
  readonly unknown: string[];
}

/** A filled document. */
export interface FillResult {
  readonly docx: Uint8Array;
  readonly report: FillReport;
}

/** Where a field was found. */
export interface FieldLocation {
  /** Package part, e.g. `word/header1.xml`. */
  readonly part: string;
  readonly story: 'body' | 'header' | 'footer' | 'footnotes' | 'endnotes';
  readonly inTable: boolean;
  readonly inTextBox: boolean;
}

/** How a field is written in the template. */
export type FieldSource = 'content-control' | 'placeholder' | 'mergefield' | 'picture' | 'section';

/** The kind of value a template field takes. */
export type TemplateFieldType =
  | 'text' | 'richText' | 'image' | 'checkbox' | 'date' | 'dropdown' | 'comboBox' | 'table'
  | 'group' | 'repeatingSection' | 'loop' | 'condition' | 'inverse';

/** A field found by listFields. */
export interface FieldInfo {
  /** The name a request uses: control tag (or JSON tag id), else alias, else numeric id; placeholder / MERGEFIELD name. */
  readonly name: string;
  readonly source: FieldSource;
  readonly type: TemplateFieldType;
  readonly location: FieldLocation;
  /** The text (or state) it shows now. */
  readonly currentValue: string | boolean | null;
  readonly tag?: string;
  readonly alias?: string;
  readonly sdtId?: number;
  readonly group?: string;
  /** Content controls: inline (in a paragraph), block, row or cell. */
  readonly level?: 'inline' | 'block' | 'row' | 'cell';
  /** Dropdown / combo box entries. */
  readonly items?: ReadonlyArray<{ readonly value: string; readonly displayText: string }>;
  readonly dateFormat?: string;
  /** MERGEFIELD switches as written (`\* Upper`, `\@ "d MMMM yyyy"`). */
  readonly switches?: string[];
  /** True when a content control shows its placeholder text. */
  readonly showingPlaceholder?: boolean;
}
