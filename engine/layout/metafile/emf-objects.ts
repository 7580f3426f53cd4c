/**
 * EMF object records ([MS-EMF] 2.3.7): pens, brushes, fonts and palettes created into the slots of
 * the object table named by the record.
 */
import { colorRef, type Brush, type Font, type GdiObject, type Pen } from './dc-state';
import type { EmfPlayer } from './emf';
import type { RecordView } from './reader';

function put(p: EmfPlayer, index: number, obj: GdiObject): void {
  if (!p.cv.objects.set(index, obj)) p.cv.note('object index out of range');
}

/** EMR_CREATEPEN: LogPen ([MS-EMF] 2.2.19) at 12. */
function createPen(p: EmfPlayer, r: RecordView): void {
  const pen: Pen = { kind: 'pen', style: r.u32(12) & 0xff, width: Math.abs(r.i32(16)), color: colorRef(r.u32(24)) };
  put(p, r.u32(8), pen);
}

/** EMR_EXTCREATEPEN: LogPenEx ([MS-EMF] 2.2.20) at 28; a cosmetic pen is one pixel wide. */
function extCreatePen(p: EmfPlayer, r: RecordView): void {
  const style = r.u32(28);
  const geometric = (style & 0x00010000) !== 0;
  const brushStyle = r.u32(36);
  const pen: Pen = { kind: 'pen', style: brushStyle === 1 ? 5 : style & 0xff, width: geometric ? r.u32(32) : 0, color: colorRef(r.u32(40)) };
  if (brushStyle !== 0 && brushStyle !== 1) p.cv.note('patterned pen (drawn solid)');
  put(p, r.u32(8), pen);
}

/** EMR_CREATEBRUSHINDIRECT: LogBrush ([MS-EMF] 2.2.12) at 12. */
function createBrush(p: EmfPlayer, r: RecordView): void {
  const style = r.u32(12);
  const color = colorRef(r.u32(16));
  let brush: Brush;
  if (style === 0) brush = { kind: 'brush', style: 'solid', color };
  else if (style === 1) brush = { kind: 'brush', style: 'null', color };
  else {
    p.cv.note('hatched brush (drawn as a tint)');
    brush = { kind: 'brush', style: 'hatch', color };
  }
  put(p, r.u32(8), brush);
}

/** EMR_CREATEMONOBRUSH, EMR_CREATEDIBPATTERNBRUSHPT: a bitmap pattern, drawn as mid grey. */
function createPatternBrush(p: EmfPlayer, r: RecordView): void {
  p.cv.note('pattern brush (drawn grey)');
  put(p, r.u32(8), { kind: 'brush', style: 'pattern', color: 'C0C0C0' });
}

/** EMR_EXTCREATEFONTINDIRECTW: LogFont ([MS-EMF] 2.2.13) at 12, face name of 32 UTF-16 units at 40. */
function createFont(p: EmfPlayer, r: RecordView): void {
  let face = '';
  for (let i = 0; i < 32 && r.has(40 + 2 * i, 2); i++) {
    const c = r.u16(40 + 2 * i);
    if (c === 0) break;
    face += String.fromCharCode(c);
  }
  const font: Font = {
    kind: 'font',
    height: r.i32(12),
    width: r.i32(16),
    escapement: r.i32(20),
    weight: r.i32(28),
    italic: r.u8(32) !== 0,
    underline: r.u8(33) !== 0,
    strikeOut: r.u8(34) !== 0,
    charSet: r.u8(35),
    face: face.trim(),
  };
  put(p, r.u32(8), font);
}

/** EMR_CREATEPALETTE and other objects that only take a slot. */
function createOther(p: EmfPlayer, r: RecordView): void {
  put(p, r.u32(8), { kind: 'other' });
}

/** Object-creating records by type. */
export const emfObjects: Record<number, (p: EmfPlayer, r: RecordView) => void> = {
  38: createPen,
  39: createBrush,
  49: createOther,
  82: createFont,
  93: createPatternBrush,
  94: createPatternBrush,
  95: extCreatePen,
  99: createOther,
  122: createOther,
};
