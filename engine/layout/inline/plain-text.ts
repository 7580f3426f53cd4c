/**
 * Plain text shaped outside a paragraph's line flow (phonetic guides, two lines in one): the faces
 * a run's properties choose, per-character fallback, no kerning, ligatures or letter spacing.
 */
import type { RunProps } from '../../model';
import type { Face, FaceResolver } from '../faces';

/** Glyphs of one face, advances in points. */
export interface PlainSegment {
  readonly face: Face;
  readonly glyphs: readonly number[];
  readonly advances: readonly number[];
  readonly text: string;
  /** Each glyph's first character in `text`. */
  readonly clusters: readonly number[];
  readonly width: number;
}

/** Shapes `text` in the faces of `props` at `sizePt` (and the run's w:w scale). */
export function shapePlainText(text: string, props: RunProps, sizePt: number, faces: FaceResolver): { readonly segments: PlainSegment[]; readonly width: number } {
  const mapped = faces.mapText(text, props);
  const segments: PlainSegment[] = [];
  let width = 0;
  for (const seg of faces.segment(mapped, props)) {
    const part = mapped.slice(seg.start, seg.end);
    const s = seg.face.shape(part, false, false, false);
    const scale = (sizePt / seg.face.unitsPerEm) * (props.scalePct / 100);
    const advances = Array.from(s.advances, (a) => a * scale);
    const w = advances.reduce((t, a) => t + a, 0);
    segments.push({ face: seg.face, glyphs: Array.from(s.glyphs), advances, text: part, clusters: Array.from(s.clusters), width: w });
    width += w;
  }
  return { segments, width };
}

/** How many clusters (characters as shaped) the segments hold. */
export function clusterCount(segments: readonly PlainSegment[]): number {
  let n = 0;
  for (const s of segments) for (let g = 0; g < s.clusters.length; g++) if (g === 0 || s.clusters[g] !== s.clusters[g - 1]) n++;
  return n;
}
