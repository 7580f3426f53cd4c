/**
 * The signed scope of an OOXML package: which parts and relationships the verified Manifest
 * references cover, and which content lies outside it (the "partial signing" class of findings,
 * Rohlmann et al.). Parts that Office deliberately leaves unsigned — document properties, the
 * thumbnail, the signature infrastructure itself — are listed but not counted against the package.
 */
import type { Package, Relationship } from '../xmldsig';
import { UNSIGNED_BY_DESIGN, readRelationships, resolveTarget, sourceOfRels } from '../xmldsig';
import type { ReferenceResult } from './xmldsig-refs';

/** Content outside the signed scope. */
export interface ScopeReport {
  /** Unsigned parts and relationships that matter (`part` or `rels-part#Id -> target`). */
  readonly unsigned: readonly string[];
  /** Unsigned by design (document properties, signature parts). */
  readonly unsignedByDesign: readonly string[];
}

/** Computes what the verified references of all signatures leave unsigned. */
export function signedScope(pkg: Package, refs: readonly ReferenceResult[], signatureParts: readonly string[]): ScopeReport {
  const lower = (s: string): string => s.toLowerCase();
  const signedParts = new Set<string>();
  const selection = new Map<string, { all: boolean; ids: Set<string>; types: Set<string> }>();
  for (const r of refs) {
    if (r.ok !== true || !r.part) continue;
    signedParts.add(lower(r.part));
    const sel = selection.get(lower(r.part)) ?? { all: false, ids: new Set<string>(), types: new Set<string>() };
    if (!r.selected) sel.all = true;
    else {
      for (const id of r.selected.ids) sel.ids.add(id);
      for (const t of r.selected.types) sel.types.add(t);
    }
    selection.set(lower(r.part), sel);
  }
  const byDesignTargets = new Set<string>(['[content_types].xml', ...signatureParts.map(lower)]);
  const unsigned: string[] = [];
  const byDesign: string[] = [];
  const relsParts = pkg.parts.filter((p) => /(^|\/)_rels\/[^/]*\.rels$/i.test(p));
  const relationships = new Map<string, Relationship[]>();
  for (const rp of relsParts) {
    try {
      relationships.set(rp, readRelationships(pkg.read(rp)!).list);
    } catch {
      unsigned.push(`${rp} (unreadable relationships)`);
    }
  }
  for (const [rp, list] of relationships) {
    const source = sourceOfRels(rp) ?? '';
    for (const r of list) if (UNSIGNED_BY_DESIGN.has(r.type) && r.targetMode !== 'External') byDesignTargets.add(lower(resolveTarget(source, r.target)));
  }
  for (const [rp, list] of relationships) {
    const sel = selection.get(lower(rp));
    const source = sourceOfRels(rp) ?? '';
    const infrastructure = byDesignTargets.has(lower(source));
    for (const r of list) {
      if (sel && (sel.all || sel.ids.has(r.id) || sel.types.has(r.type))) continue;
      const label = `${rp}#${r.id} -> ${r.target}`;
      (UNSIGNED_BY_DESIGN.has(r.type) || infrastructure ? byDesign : unsigned).push(label);
    }
  }
  for (const p of pkg.parts) {
    const key = lower(p);
    if (signedParts.has(key) || relsParts.includes(p)) continue;
    (byDesignTargets.has(key) ? byDesign : unsigned).push(p);
  }
  return { unsigned, unsignedByDesign: byDesign };
}
