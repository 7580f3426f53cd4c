/**
 * Metafile pictures (EMF, WMF) played back into LayoutDoc items at layout time, so both renderers
 * draw them as vectors: in goes the picture's bytes and its box on the page, out come paths,
 * rectangles, glyph runs and images (embedded bitmaps re-encoded as PNG) scaled from the
 * picture's frame into the box. It never throws: a picture it cannot read gives a reason instead.
 */
import type { LayoutItem, MediaItem } from '../../model';
import type { ItemSink } from '../emit/sink';
import type { FaceResolver } from '../faces';
import { MetafileCanvas } from './canvas';
import type { DcState } from './dc-state';
import { playEmf, readEmfHeader, type EmfHeader } from './emf';
import { compose, meanScale, type Matrix } from './geometry';
import { MetafileError } from './reader';
import { FontkitNotLoaded } from '../../text';
import { mappingMatrix } from './shapes';
import { playWmf, readWmfHeader, type WmfHeader } from './wmf';

/** A box on the page in points. */
export interface MetafileBox {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** What playback needs from layout. */
export interface MetafileEnv {
  readonly sink: ItemSink;
  readonly faces?: FaceResolver;
}

/** The outcome of drawing a metafile. */
export type MetafileResult =
  | { readonly ok: true; readonly items: LayoutItem[]; readonly notes: ReadonlyMap<string, number>; readonly stopped?: string }
  | { readonly ok: false; readonly reason: string };

/** A one-pixel (cosmetic) WMF pen: one pixel of a 96 dpi screen. */
const COSMETIC_PEN_PT = 0.75;

/** Whether a media item is a metafile this module plays. */
export function metafileKind(media: MediaItem): 'emf' | 'wmf' | undefined {
  const b = media.data;
  if (b.length >= 44 && b[0] === 1 && b[1] === 0 && b[2] === 0 && b[3] === 0 && b[40] === 0x20 && b[41] === 0x45 && b[42] === 0x4d && b[43] === 0x46) return 'emf';
  if (b.length >= 4 && ((b[0] === 0xd7 && b[1] === 0xcd && b[2] === 0xc6 && b[3] === 0x9a) || ((b[0] === 1 || b[0] === 2) && b[1] === 0 && b[2] === 9 && b[3] === 0))) return 'wmf';
  return /^image\/(x-)?(emf|wmf)$/i.test(media.contentType) ? (/emf/i.test(media.contentType) ? 'emf' : 'wmf') : undefined;
}

/**
 * Plays an EMF or WMF into items filling `box` (the picture's frame mapped onto it). A picture
 * whose framing breaks part-way keeps what was drawn and says where it stopped (`stopped`).
 */
export function drawMetafile(media: MediaItem, mediaKey: string, box: MetafileBox, env: MetafileEnv): MetafileResult {
  if (![box.x, box.y, box.w, box.h].every(Number.isFinite) || box.w <= 0 || box.h <= 0) return { ok: false, reason: `the picture box is ${box.w} × ${box.h} pt` };
  const kind = metafileKind(media);
  let cv: MetafileCanvas;
  let play: () => void;
  try {
    if (kind === 'emf') {
      const header = readEmfHeader(media.data);
      const device = emfDevice(header, box);
      if (!device) return { ok: false, reason: 'the EMF frame and bounds are empty' };
      const mm = mmPerPixel(header);
      const pxPerMm = { x: 1 / mm.x, y: 1 / mm.y };
      cv = new MetafileCanvas({ sink: env.sink, ...(env.faces ? { faces: env.faces } : {}), mediaKey, pixelPt: meanScale(device), toPage: (s) => compose(s.world, compose(mappingMatrix(s, pxPerMm), device)) });
      const player = { cv, device, emfPlus: false };
      play = () => {
        playEmf(player, media.data);
        if (player.emfPlus && cv.items.length === 0 && cv.counts.size === 0) throw new MetafileError('the EMF+ records draw nothing this engine reads');
      };
    } else if (kind === 'wmf') {
      const header = readWmfHeader(media.data);
      const frame = wmfFrame(header);
      if (!frame) return { ok: false, reason: 'the WMF sets no window and has no placeable header' };
      cv = new MetafileCanvas({ sink: env.sink, ...(env.faces ? { faces: env.faces } : {}), mediaKey, pixelPt: COSMETIC_PEN_PT, toPage: (s) => windowToBox(s, box) });
      Object.assign(cv.state, frame);
      play = () => playWmf(cv, media.data, header);
    } else return { ok: false, reason: 'the picture is neither an EMF nor a WMF' };
  } catch (e) {
    return { ok: false, reason: e instanceof MetafileError ? e.message : `the picture could not be read (${String(e)})` };
  }
  try {
    play();
  } catch (e) {
    if (e instanceof FontkitNotLoaded) throw e; // layoutDocument loads fontkit and starts over
    const reason = e instanceof MetafileError ? e.message : `playback failed (${String(e)})`;
    if (cv.items.length === 0) return { ok: false, reason };
    return { ok: true, items: cv.items, notes: cv.counts, stopped: reason };
  }
  return { ok: true, items: cv.items, notes: cv.counts };
}

/** Millimetres per reference-device pixel (szlMillimeters / szlDevice), 96 dpi when the header says nothing usable. */
function mmPerPixel(h: EmfHeader): { x: number; y: number } {
  const per = (mm: number, px: number) => (mm > 0 && px > 0 ? mm / px : 25.4 / 96);
  return { x: per(h.deviceMm.x, h.devicePx.x), y: per(h.deviceMm.y, h.devicePx.y) };
}

/** EMF device pixels → the box: rclFrame (0.01 mm) fills the box; rclBounds when the frame is empty. */
function emfDevice(h: EmfHeader, box: MetafileBox): Matrix | undefined {
  const [fl, ft, fr, fb] = h.frame;
  const { x: mmX, y: mmY } = mmPerPixel(h);
  if (fr > fl && fb > ft) {
    // Frame units are 0.01 mm; one device pixel is mm × 100 of them.
    const sx = box.w / (fr - fl);
    const sy = box.h / (fb - ft);
    return [mmX * 100 * sx, 0, 0, mmY * 100 * sy, box.x - fl * sx, box.y - ft * sy];
  }
  const [bl, bt, br, bb] = h.bounds;
  if (br <= bl || bb <= bt) return undefined;
  const sx = box.w / (br - bl + 1);
  const sy = box.h / (bb - bt + 1);
  return [sx, 0, 0, sy, box.x - bl * sx, box.y - bt * sy];
}

/** The initial window of a WMF: its first SetWindowOrg/Ext, else the placeable header's box. */
function wmfFrame(h: WmfHeader): Pick<DcState, 'winOrg' | 'winExt'> | undefined {
  const ext = h.windowExt ?? (h.bbox ? { x: h.bbox[2] - h.bbox[0], y: h.bbox[3] - h.bbox[1] } : undefined);
  if (!ext || ext.x === 0 || ext.y === 0) return undefined;
  const org = h.windowOrg ?? (h.bbox ? { x: h.bbox[0], y: h.bbox[1] } : { x: 0, y: 0 });
  return { winOrg: org, winExt: ext };
}

/** WMF logical → page: the current window fills the box (the picture is played into its frame). */
function windowToBox(s: DcState, box: MetafileBox): Matrix {
  const ex = s.winExt.x || 1;
  const ey = s.winExt.y || 1;
  const sx = box.w / ex;
  const sy = box.h / ey;
  return [sx, 0, 0, sy, box.x - s.winOrg.x * sx, box.y - s.winOrg.y * sy];
}
