/**
 * Namespace scopes while parsing: which written prefixes an element's declarations rename to the
 * canonical ones (namespaces.ts). Most parts bind the canonical prefixes already, so the common
 * scope has no renames and costs nothing per element.
 */
import { CANONICAL_PREFIX, isStrictNamespace } from './namespaces';

/** Written prefix → canonical prefix, for prefixes declared or renamed in this scope or above. */
export interface Scope {
  readonly renames: Map<string, string> | undefined;
  /**
   * Renamed element and attribute names already computed in this scope. A part that binds one
   * prefix differently (many bind the old `ve:` for markup compatibility) renames in every
   * element, and qualified names repeat: each is worked out once.
   */
  readonly elementNames?: Map<string, string>;
  readonly attributeNames?: Map<string, string>;
}

/** The scope outside the root element. */
export const ROOT_SCOPE: Scope = { renames: undefined };

/** Namespaces conventionally written as the default namespace (package relationships, content types). */
const DEFAULT_NAMESPACE_PREFIXES = new Set(['pr', 'ct']);

/**
 * The scope of an element with namespace declarations in `attrs` (fast path: the parent's).
 * `onStrict` is called when a Strict OOXML namespace is declared.
 */
export function scopeFor(attrs: Record<string, string>, parent: Scope, onStrict: () => void): Scope {
  let renames: Map<string, string> | undefined;
  for (const name in attrs) {
    if (name.charCodeAt(0) !== 120 || !name.startsWith('xmlns')) continue;
    const declared = name.length === 5 ? '' : name.charCodeAt(5) === 58 ? name.slice(6) : undefined;
    if (declared === undefined) continue;
    const uri = attrs[name]!;
    if (isStrictNamespace(uri)) onStrict();
    const canonical = CANONICAL_PREFIX.get(uri);
    const target = canonical === undefined ? declared : DEFAULT_NAMESPACE_PREFIXES.has(canonical) ? '' : canonical;
    const inherited = parent.renames?.get(declared);
    if (target !== declared || (inherited !== undefined && inherited !== declared)) {
      renames ??= new Map(parent.renames);
      renames.set(declared, target);
    }
  }
  return renames ? { renames, elementNames: new Map(), attributeNames: new Map() } : parent;
}

/** A qualified name with its prefix renamed (elements in a renamed default namespace gain one). */
export function renameQName(raw: string, scope: Scope, isElement: boolean): string {
  const renames = scope.renames;
  if (!renames) return raw;
  const cache = isElement ? scope.elementNames : scope.attributeNames;
  let hit = cache?.get(raw);
  if (hit === undefined) {
    hit = computeRename(raw, renames, isElement);
    cache?.set(raw, hit);
  }
  return hit;
}

function computeRename(raw: string, renames: Map<string, string>, isElement: boolean): string {
  const colon = raw.indexOf(':');
  if (colon === -1) {
    if (!isElement) return raw;
    const target = renames.get('');
    return target ? `${target}:${raw}` : raw;
  }
  const prefix = raw.slice(0, colon);
  if (prefix === 'xmlns' || prefix === 'xml') return raw;
  const target = renames.get(prefix);
  if (target === undefined || target === prefix) return raw;
  return target === '' ? raw.slice(colon + 1) : `${target}:${raw.slice(colon + 1)}`;
}

/**
 * Renames attribute names (and namespace declarations) to canonical prefixes, keeping their order;
 * the same object when no name changes.
 */
export function renameAttrs(raw: Record<string, string>, scope: Scope): Record<string, string> {
  let changes = false;
  for (const original in raw) {
    if (renameAttrName(original, scope) !== original) {
      changes = true;
      break;
    }
  }
  if (!changes) return raw;
  const attrs: Record<string, string> = {};
  for (const original in raw) attrs[renameAttrName(original, scope)] = raw[original]!;
  return attrs;
}

function renameAttrName(original: string, scope: Scope): string {
  let name = original;
  if (name === 'xmlns' || name.startsWith('xmlns:')) {
    const declared = name.length === 5 ? '' : name.slice(6);
    const target = scope.renames!.get(declared);
    if (target !== undefined) name = target === '' ? 'xmlns' : `xmlns:${target}`;
  } else {
    name = renameQName(name, scope, false);
  }
  return name;
}
