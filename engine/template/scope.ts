/**
 * Name lookup for template fields: the request (`fields` list by id and group, `data` object by key
 * and dotted path) and the items of the loops being expanded, innermost first (Mustache rules).
 * Lookups only read own properties, so `__proto__`, `constructor` or `prototype` never reach
 * Object.prototype.
 */
import type { FieldInput, FieldOptions, FieldType } from './types';

/** A value found for a field, with the type and options the request gave (if any). */
export interface FoundValue {
  readonly value: unknown;
  readonly type?: FieldType;
  readonly options?: FieldOptions;
  /** The name under which it was found (for the report). */
  readonly name: string;
}

const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);
const FIELD_TYPES = new Set<string>(['text', 'image', 'signature', 'table', 'checkbox', 'date', 'dropdown']);

function hasOwn(o: object, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads one own property (array index or object key); reserved names never match. */
function member(v: unknown, key: string): { found: boolean; value?: unknown } {
  if (RESERVED.has(key)) return { found: false };
  if (Array.isArray(v)) {
    if (!/^(0|[1-9]\d{0,8})$/.test(key)) return { found: false };
    const i = Number(key);
    return i < v.length ? { found: true, value: v[i] } : { found: false };
  }
  if (isRecord(v) && hasOwn(v, key)) return { found: true, value: v[key] };
  return { found: false };
}

/** Follows a dotted path from a value; `found` is false when a step is missing. */
function followPath(v: unknown, path: readonly string[]): { found: boolean; value?: unknown } {
  let cur: unknown = v;
  for (const seg of path) {
    const m = member(cur, seg);
    if (!m.found) return m;
    cur = m.value;
  }
  return { found: true, value: cur };
}

/** A `{type, value, options}` object given inside `data` is taken as an explicit field. */
export function explicitField(v: unknown): { value: unknown; type: FieldType; options?: FieldOptions } | undefined {
  if (!isRecord(v) || !hasOwn(v, 'type') || !hasOwn(v, 'value')) return undefined;
  const t = v.type;
  if (typeof t !== 'string' || !FIELD_TYPES.has(t)) return undefined;
  const options = isRecord(v.options) ? (v.options as FieldOptions) : undefined;
  return { value: v.value, type: t as FieldType, ...(options ? { options } : {}) };
}

/** The request as a lookup root, tracking which request entries were used. */
export class RequestSource {
  private readonly byId = new Map<string, FieldInput>();
  private readonly byGroup = new Map<string, FieldInput>();
  private readonly data: Record<string, unknown> | undefined;
  private readonly used = new Set<string>();

  constructor(fields: readonly FieldInput[], data: Record<string, unknown> | undefined) {
    for (const f of fields) {
      if (f.id !== undefined) this.byId.set(f.id, f);
      else if (f.group !== undefined) this.byGroup.set(f.group, f);
    }
    this.data = data;
  }

  /** Looks a name up in the fields list (exact id, then dotted path into an id's value), then in data. */
  lookup(name: string): FoundValue | undefined {
    const exact = this.byId.get(name);
    if (exact) {
      this.used.add(`id:${name}`);
      return found(exact.value, name, exact.type, exact.options);
    }
    const path = name.split('.');
    if (path.length > 1) {
      const head = this.byId.get(path[0]!);
      if (head) {
        const r = followPath(head.value, path.slice(1));
        if (r.found) {
          this.used.add(`id:${path[0]}`);
          return fromData(r.value, name);
        }
      }
    }
    if (!this.data) return undefined;
    const direct = member(this.data, name);
    if (direct.found) {
      this.used.add(`data:${name}`);
      return fromData(direct.value, name);
    }
    const r = path.length > 1 ? followPath(this.data, path) : { found: false };
    if (!r.found) return undefined;
    this.used.add(`data:${path[0]}`);
    return fromData(r.value, name);
  }

  /** Looks up a `group` entry of the fields list. */
  lookupGroup(group: string): FoundValue | undefined {
    const g = this.byGroup.get(group);
    if (!g) return undefined;
    this.used.add(`group:${group}`);
    return found(g.value, group, g.type, g.options);
  }

  /** Request ids, groups and top-level data keys never used. */
  unused(): string[] {
    const out: string[] = [];
    for (const id of this.byId.keys()) if (!this.used.has(`id:${id}`)) out.push(id);
    for (const g of this.byGroup.keys()) if (!this.used.has(`group:${g}`)) out.push(g);
    if (this.data) for (const k of Object.keys(this.data)) if (!RESERVED.has(k) && !this.used.has(`data:${k}`)) out.push(k);
    return out;
  }
}

function found(value: unknown, name: string, type?: FieldType, options?: FieldOptions): FoundValue {
  return { value, name, ...(type ? { type } : {}), ...(options ? { options } : {}) };
}

function fromData(v: unknown, name: string): FoundValue {
  const explicit = explicitField(v);
  return explicit ? found(explicit.value, name, explicit.type, explicit.options) : found(v, name);
}

/** The lookup context at one point of the template: loop items (innermost last) over the request. */
export class Scope {
  constructor(
    readonly root: RequestSource,
    private readonly frames: readonly unknown[] = [],
  ) {}

  /** A scope with one more loop item. */
  push(item: unknown): Scope {
    return new Scope(this.root, [...this.frames, item]);
  }

  /** Depth of loop nesting. */
  get depth(): number {
    return this.frames.length;
  }

  /** Resolves a field name: `.`/`this` is the current item; loop items are searched innermost first, then the request. */
  lookup(name: string): FoundValue | undefined {
    if (name === '.' || name === 'this') {
      return this.frames.length > 0 ? fromData(this.frames[this.frames.length - 1], name) : undefined;
    }
    const path = name.split('.');
    for (let i = this.frames.length - 1; i >= 0; i--) {
      const frame = this.frames[i];
      const direct = member(frame, name);
      if (direct.found) return fromData(direct.value, name);
      if (path.length > 1 && member(frame, path[0]!).found) {
        const r = followPath(frame, path);
        return r.found ? fromData(r.value, name) : undefined;
      }
    }
    return this.root.lookup(name);
  }
}

/** True when a value counts as "true" for a section (Mustache: non-empty list, non-empty string, non-zero). */
export function isTruthy(v: unknown): boolean {
  if (Array.isArray(v)) return v.length > 0;
  if (v === '' || v === 0 || v === false || v === null || v === undefined) return false;
  if (typeof v === 'string' && /^(false|no|0)$/i.test(v)) return false;
  return true;
}
