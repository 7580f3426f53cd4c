/**
 * A compact, stable text dump of a LayoutDoc: the golden format for layout tests.
 * One line per item, numbers rounded to 0.01 pt, so a diff reads as "what moved where".
 */
import type { LayoutDoc, LayoutItem, PathPicture, PathShading, SoftMask } from '../model';

const r = (v: number) => (Math.round(v * 100) / 100).toFixed(2).replace(/\.?0+$/, '') || '0';

/** Dumps a layout as text. */
export function dumpLayout(doc: LayoutDoc): string {
  const out: string[] = [];
  doc.pages.forEach((p, i) => {
    out.push(`page ${i + 1} ${r(p.widthPt)}x${r(p.heightPt)} section ${p.section} label ${p.label}`);
    for (const item of p.items) dumpItem(item, doc, out, '  ');
  });
  return out.join('\n') + '\n';
}

function dumpItem(item: LayoutItem, doc: LayoutDoc, out: string[], indent: string): void {
  switch (item.kind) {
    case 'glyphs': {
      let w = 0;
      for (const a of item.advances) w += a;
      const font = doc.fonts[item.font]?.family ?? '?';
      out.push(`${indent}text ${r(item.x)},${r(item.y)} w${r(w)} ${font} ${r(item.sizePt)} #${item.color}${item.invisible ? ' invisible' : ''} ${JSON.stringify(item.text)}`);
      break;
    }
    case 'rect':
      out.push(`${indent}rect ${r(item.x)},${r(item.y)} ${r(item.w)}x${r(item.h)}${item.fill ? ' fill #' + item.fill : ''}${item.stroke ? ' stroke #' + item.stroke : ''}`);
      break;
    case 'line':
      out.push(`${indent}line ${r(item.x1)},${r(item.y1)} ${r(item.x2)},${r(item.y2)} w${r(item.width)} #${item.color}${item.dash ? ' dash' : ''}`);
      break;
    case 'path':
      out.push(`${indent}path ${item.commands.length} cmds${item.fill ? ' fill #' + item.fill : ''}${item.shading ? ' ' + dumpShading(item.shading) : ''}${item.picture ? ' ' + dumpPicture(item.picture) : ''}${item.stroke ? ' stroke #' + item.stroke : ''}`);
      break;
    case 'image':
      out.push(`${indent}image ${r(item.x)},${r(item.y)} ${r(item.w)}x${r(item.h)} #${item.image}`);
      break;
    case 'link':
      out.push(`${indent}link ${r(item.x)},${r(item.y)} ${r(item.w)}x${r(item.h)} ${item.url ?? '#' + item.dest}`);
      break;
    case 'group':
      out.push(`${indent}group${item.softMask ? ' ' + dumpMask(item.softMask) : ''}`);
      for (const c of item.items) dumpItem(c, doc, out, indent + '  ');
      break;
  }
}

/** A soft mask as `mask(n shapes grow g sigma s x,y w×h cols×rows px)`. */
function dumpMask(m: SoftMask): string {
  const g = m.grid;
  return `mask(${m.shapes.length} shapes grow ${r(m.growPt)} sigma ${r(m.sigmaPt)} ${r(g.x)},${r(g.y)} ${r(g.w)}×${r(g.h)} ${g.cols}×${g.rows} px)`;
}

/** A path's picture as `picture(#image x,y w×h)`, with `tiles a×d` when it is tiled. */
function dumpPicture(p: PathPicture): string {
  const tiles = p.across !== undefined || p.down !== undefined ? ` tiles ${p.across ?? 1}×${p.down ?? 1}` : '';
  return `picture(#${p.image} ${r(p.x)},${r(p.y)} ${r(p.w)}×${r(p.h)}${tiles})`;
}

/** A shading as `axial(x0,y0 x1,y1 0:#RRGGBB 1:#RRGGBB)` or `radial(x0,y0,r0 x1,y1,r1 …)`. */
function dumpShading(s: PathShading): string {
  const c = s.coords.map(r);
  const at = s.kind === 'axial' ? `${c[0]},${c[1]} ${c[2]},${c[3]}` : `${c[0]},${c[1]},${c[2]} ${c[3]},${c[4]},${c[5]}`;
  return `${s.kind}(${at} ${s.stops.map((t) => `${r(t.pos)}:#${t.color}`).join(' ')}${s.clip ? ` clip ${s.clip.length} cmds` : ''})`;
}
