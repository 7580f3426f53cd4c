/**
 * Turns a value found for a field into one of the shapes the fillers write: text, image (also a
 * signature, drawn or typed), table rows, checkbox state, date, dropdown choice. Bad values abort
 * with `template/bad-value`, `template/bad-image` or `template/bad-date`.
 */
import { abort, type EngineHost } from '../core';
import { parseIsoDateParts, type DateParts } from '../format';
import { decodeImageDataUrl, isImageDataUrl, type DecodedImage } from './image';
import type { FoundValue } from './scope';
import { renderTypedSignature, type SignatureFonts } from './typed-signature';
import type { SignatureLabel } from './types';
import { sanitizeText } from './wml';

/** Longest text value accepted (characters). */
export const MAX_TEXT_CHARS = 5_000_000;
/** Most table cells one value may create. */
export const MAX_TABLE_CELLS = 1_000_000;
const MAX_DIMENSION_PX = 20_000;

/** A value ready to be written. */
export type Resolved =
  | { readonly kind: 'text'; readonly text: string; readonly keepStyles: boolean }
  | {
      readonly kind: 'image';
      readonly image: DecodedImage;
      readonly dims?: { width: number; height: number };
      readonly top?: SignatureLabel;
      readonly bottom?: SignatureLabel;
      readonly signature: boolean;
    }
  | { readonly kind: 'table'; readonly rows: string[][]; readonly copyRowStyle: boolean }
  | { readonly kind: 'checkbox'; readonly checked: boolean }
  | { readonly kind: 'date'; readonly iso: string; readonly parts: DateParts; readonly format?: string }
  | { readonly kind: 'dropdown'; readonly value: string };

/** What value resolution needs besides the value. */
export interface ValueContext {
  readonly host: EngineHost;
  readonly signatureFonts: SignatureFonts | undefined;
  /** Cache of decoded images per data URL (the same logo in 1,000 rows is decoded once). */
  readonly images: Map<string, DecodedImage>;
  warn(code: string, message: string): void;
}

/** Resolves a found value (type given by the request, or inferred from the JSON value). */
export function resolveValue(found: FoundValue, ctx: ValueContext): Resolved {
  const v = found.value;
  const o = found.options ?? {};
  const name = found.name;
  switch (found.type ?? inferType(v, name)) {
    case 'text':
      return { kind: 'text', text: toText(v, name, ctx), keepStyles: o.keepTextNodeStyles !== false };
    case 'image':
      if (typeof v !== 'string') badValue(name, 'an image data URL string', v);
      return { kind: 'image', image: image(v, name, ctx), ...dims(o.dimensions, name), signature: false };
    case 'signature': {
      if (typeof v !== 'string') badValue(name, 'an image data URL or a name to write', v);
      const img = isImageDataUrl(v) ? image(v, name, ctx) : typed(v, o.color, name, ctx);
      return { kind: 'image', image: img, ...dims(o.dimensions, name), ...label('top', o.topLabel, name), ...label('bottom', o.bottomLabel, name), signature: true };
    }
    case 'table':
      return { kind: 'table', rows: tableRows(v, name, ctx), copyRowStyle: o.copyRowStyle !== false };
    case 'checkbox':
      return { kind: 'checkbox', checked: toBool(v, name) };
    case 'date': {
      const iso = typeof v === 'string' ? v.trim() : '';
      const parts = parseIsoDateParts(iso);
      if (!parts) abort('template/bad-date', `The date for '${name}' is not an ISO date (got ${preview(v)}).`, { hint: "Give 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:MM:SS'." });
      return { kind: 'date', iso, parts, ...(typeof o.format === 'string' ? { format: o.format } : {}) };
    }
    case 'dropdown':
      return { kind: 'dropdown', value: toText(v, name, ctx) };
  }
}

function inferType(v: unknown, name: string): Resolved['kind'] | 'signature' {
  if (typeof v === 'string') return isImageDataUrl(v) ? 'image' : 'text';
  if (typeof v === 'number' || v === null) return 'text';
  if (typeof v === 'boolean') return 'checkbox';
  if (Array.isArray(v) && v.every((r) => Array.isArray(r))) return 'table';
  if (Array.isArray(v)) {
    abort('template/bad-value', `'${name}' is a list of ${v.length} item(s); a list of objects fills a loop ({{#${name}}}...{{/${name}}}), not a single field.`, {
      hint: 'Use a loop in the template, or give a table as a list of rows (lists of cell strings).',
    });
  }
  return badValue(name, 'a string, number, boolean, table rows or {type, value}', v);
}

function badValue(name: string, expected: string, got: unknown): never {
  abort('template/bad-value', `The value for '${name}' must be ${expected} (got ${preview(got)}).`, { hint: 'See the /v1/annotate field types in API.md.' });
}

function preview(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return `a list of ${v.length}`;
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `'${v.length > 30 ? v.slice(0, 30) + '...' : v}'`;
  return String(v);
}

function toText(v: unknown, name: string, ctx: ValueContext): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : badValue(name, 'a finite number', v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v !== 'string') return badValue(name, 'text', v);
  if (v.length > MAX_TEXT_CHARS) {
    abort('template/value-too-large', `The text for '${name}' has ${v.length} characters; the limit is ${MAX_TEXT_CHARS}.`, { hint: 'Split it or attach it as a separate document.' });
  }
  const { text, dropped } = sanitizeText(v);
  if (dropped > 0) ctx.warn('template/invalid-characters', `${dropped} character(s) XML cannot carry were removed from '${name}'.`);
  return text;
}

function toBool(v: unknown, name: string): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') {
    if (/^(true|1|yes|on|x|checked)$/i.test(v.trim())) return true;
    if (/^(false|0|no|off||unchecked)$/i.test(v.trim())) return false;
  }
  return badValue(name, 'true or false', v);
}

function image(v: string, name: string, ctx: ValueContext): DecodedImage {
  const hit = ctx.images.get(v);
  if (hit) return hit;
  const img = decodeImageDataUrl(v, name);
  ctx.images.set(v, img);
  return img;
}

function typed(v: string, color: string | undefined, name: string, ctx: ValueContext): DecodedImage {
  if (!ctx.signatureFonts) {
    abort('template/no-signature-font', `The typed signature for '${name}' needs the script font, which the host does not provide.`, {
      hint: 'Run with the shipped fonts (fonts/DancingScript-Regular.otf), or give the signature as an image data URL.',
    });
  }
  const key = `typed:${color ?? ''}:${v}`;
  const hit = ctx.images.get(key);
  if (hit) return hit;
  const img = renderTypedSignature(v, ctx.signatureFonts, color, ctx.host);
  ctx.images.set(key, img);
  return img;
}

function dims(d: unknown, name: string): { dims?: { width: number; height: number } } {
  if (d === undefined) return {};
  const ok = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n > 0 && n <= MAX_DIMENSION_PX;
  if (typeof d !== 'object' || d === null || !ok((d as { width?: unknown }).width) || !ok((d as { height?: unknown }).height)) {
    abort('template/bad-value', `The dimensions for '${name}' must be {width, height} in pixels, each above 0 and at most ${MAX_DIMENSION_PX}.`);
  }
  const x = d as { width: number; height: number };
  return { dims: { width: x.width, height: x.height } };
}

function label(which: 'top' | 'bottom', l: unknown, name: string): { top?: SignatureLabel } | { bottom?: SignatureLabel } {
  if (l === undefined) return {};
  const text = typeof l === 'string' ? l : typeof l === 'object' && l !== null ? (l as { text?: unknown }).text : undefined;
  if (typeof text !== 'string' || text.length > 1000) abort('template/bad-value', `The ${which}Label of '${name}' must be {text, color?} with at most 1000 characters.`);
  const color = typeof l === 'object' && l !== null ? (l as { color?: unknown }).color : undefined;
  const out: SignatureLabel = { text: sanitizeText(text).text, ...(typeof color === 'string' ? { color } : {}) };
  return which === 'top' ? { top: out } : { bottom: out };
}

function tableRows(v: unknown, name: string, ctx: ValueContext): string[][] {
  if (!Array.isArray(v) || !v.every((r) => Array.isArray(r))) badValue(name, 'a list of rows, each a list of cell strings', v);
  let cells = 0;
  return (v as unknown[][]).map((row) => {
    cells += row.length;
    if (cells > MAX_TABLE_CELLS) abort('template/value-too-large', `The table for '${name}' has more than ${MAX_TABLE_CELLS} cells.`);
    return row.map((c) => toText(c, name, ctx));
  });
}
