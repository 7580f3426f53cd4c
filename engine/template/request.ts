/**
 * Validates an untrusted annotate request (the API.md `fields` list and/or a `data` object) before any
 * work: shapes, types, sizes, nesting depth, and keys such as `__proto__` that must never be used.
 */
import { error, fail, ok, warning, type Diagnostic, type Result } from '../core';
import type { FieldInput, FieldType, FillRequest } from './types';

/** Deepest nesting accepted in `data` (objects and lists). */
export const MAX_DATA_DEPTH = 32;
/** Most values accepted in one request (all nesting levels). */
export const MAX_DATA_NODES = 2_000_000;
/** Most entries in the `fields` list. */
export const MAX_FIELDS = 10_000;

const TYPES = new Set<FieldType>(['text', 'image', 'signature', 'table', 'checkbox', 'date', 'dropdown']);
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Checks a request (as parsed from JSON) and returns it typed, or errors saying what is wrong. */
export function parseFillRequest(raw: unknown): Result<FillRequest> {
  const errors: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];
  if (!isRecord(raw)) return fail(error('template/bad-request', 'The request must be an object with `fields` and/or `data`.'));
  const fields = raw.fields;
  const data = raw.data;
  if (fields === undefined && data === undefined) {
    return fail(error('template/bad-request', 'The request has neither `fields` nor `data`.', { hint: 'Give `fields: [{ id, type, value }]` or a `data` object.' }));
  }
  const out: FieldInput[] = [];
  if (fields !== undefined) {
    if (!Array.isArray(fields)) errors.push(error('template/bad-request', '`fields` must be a list.'));
    else if (fields.length > MAX_FIELDS) errors.push(error('template/bad-request', `\`fields\` has ${fields.length} entries; the limit is ${MAX_FIELDS}.`));
    else fields.forEach((f, i) => checkField(f, i, out, errors));
  }
  if (data !== undefined && !isRecord(data)) errors.push(error('template/bad-request', '`data` must be an object.'));
  const shape = checkShape({ fields, data }, warnings);
  if (shape) errors.push(shape);
  if (errors.length > 0) return fail(errors.slice(0, 20), warnings);
  return ok({ ...(fields !== undefined ? { fields: out } : {}), ...(isRecord(data) ? { data } : {}) }, warnings);
}

function checkField(f: unknown, i: number, out: FieldInput[], errors: Diagnostic[]): void {
  const at = `fields[${i}]`;
  if (!isRecord(f)) {
    errors.push(error('template/bad-request', `${at} must be an object { id | group, type, value, options? }.`));
    return;
  }
  const hasId = f.id !== undefined;
  const hasGroup = f.group !== undefined;
  if (hasId === hasGroup) errors.push(error('template/bad-request', `${at} must have exactly one of \`id\` and \`group\`.`));
  for (const k of ['id', 'group'] as const) {
    const v = f[k];
    if (v !== undefined && (typeof v !== 'string' || v.length === 0 || v.length > 256)) errors.push(error('template/bad-request', `${at}.${k} must be a non-empty string of at most 256 characters.`));
  }
  if (typeof f.type !== 'string' || !TYPES.has(f.type as FieldType)) {
    errors.push(error('template/bad-request', `${at}.type must be one of ${[...TYPES].join(', ')} (got ${JSON.stringify(f.type)?.slice(0, 40)}).`));
  }
  if (!('value' in f)) errors.push(error('template/bad-request', `${at} has no \`value\`.`));
  if (f.options !== undefined && !isRecord(f.options)) errors.push(error('template/bad-request', `${at}.options must be an object.`));
  if (errors.length > 0) return;
  out.push({
    ...(hasId ? { id: f.id as string } : { group: f.group as string }),
    type: f.type as FieldType,
    value: f.value,
    ...(isRecord(f.options) ? { options: f.options } : {}),
  });
}

/** Walks the whole request iteratively (a hostile nesting cannot overflow the stack). */
function checkShape(root: unknown, warnings: Diagnostic[]): Diagnostic | undefined {
  const stack: Array<[unknown, number, string]> = [[root, 0, '']];
  let nodes = 0;
  const reserved = new Set<string>();
  while (stack.length) {
    const [v, depth, path] = stack.pop()!;
    if (++nodes > MAX_DATA_NODES) return error('template/bad-request', `The request holds more than ${MAX_DATA_NODES} values.`, { hint: 'Split the data over several requests.' });
    if (typeof v !== 'object' || v === null) continue;
    if (depth > MAX_DATA_DEPTH + 2) {
      return error('template/data-too-deep', `The request data nests deeper than ${MAX_DATA_DEPTH} levels (at ${path.slice(0, 120)}).`, { hint: 'Flatten the data.' });
    }
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push([v[i], depth + 1, `${path}[${i}]`]);
      continue;
    }
    for (const k of Object.keys(v)) {
      if (RESERVED.has(k)) {
        reserved.add(k);
        continue;
      }
      stack.push([(v as Record<string, unknown>)[k], depth + 1, `${path}.${k}`]);
    }
  }
  if (reserved.size > 0) {
    warnings.push(warning('template/reserved-key', `The request uses the reserved key(s) ${[...reserved].join(', ')}; they were ignored.`, {
      hint: 'Rename these keys; they could alter object prototypes in some systems.',
    }));
  }
  return undefined;
}
