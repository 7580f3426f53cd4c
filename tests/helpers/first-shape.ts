import type { ShapeInline } from '../../engine/model';

/** The first shape anywhere in a value (a parsed model, or any part of it), depth first. */
export function firstShape(v: unknown): ShapeInline | undefined {
  if (!v || typeof v !== 'object') return undefined;
  if ((v as { kind?: string }).kind === 'shape') return v as ShapeInline;
  for (const c of Object.values(v)) {
    const found = firstShape(c);
    if (found) return found;
  }
  return undefined;
}
