// Word's own text widths, read from the page-1 thumbnails Word saves in some documents
// (docProps/thumbnail.emf). Word draws the thumbnail with its own layout: each EMR_EXTTEXTOUTW record
// holds a string and the advance Word gave each of its characters (the dx array, in the thumbnail's
// pixels), and the font it was set in (EMR_EXTCREATEFONTINDIRECTW: face name, em height in the same
// pixels, weight, italic). For every font of every thumbnail this prints how many characters Word set
// and the ratio of Word's advances to those of the shipped face Colophon draws the font with (its own
// widths, before any word-widths.ts table or fitted scale). Fonts with a metric-compatible twin (Arial,
// Calibri, Times New Roman…) show the thumbnail's rounding to whole pixels (about 0.98): read the
// others against them. This is the evidence behind the near stand-ins of engine/text/substitution.ts.
//
//   npx tsx scripts/word-thumbnails.ts        (uses ../shared/corpus/docx/dev when it is there)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import { unzipSync } from 'fflate';
import { shippedFacesOf } from '../engine/text/shipped-fonts';
import { substituteFamily } from '../engine/text/substitution';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const shared = resolve(process.env.COLOPHON_SHARED ?? join(root, '..', 'shared'));
const docxDir = join(shared, 'corpus', 'docx', 'dev');
if (!existsSync(docxDir)) {
  console.log(`word-thumbnails: skipped — no corpus at ${docxDir}.`);
  process.exit(0);
}

interface TextRecord {
  readonly text: string;
  /** Sum of Word's advances, in thumbnail pixels. */
  readonly advance: number;
  readonly face: string;
  /** Em height in thumbnail pixels. */
  readonly em: number;
  readonly bold: boolean;
  readonly italic: boolean;
}

const EMR_SELECTOBJECT = 37;
const EMR_EXTCREATEFONTINDIRECTW = 82;
const EMR_EXTTEXTOUTW = 84;

/** The text records of an EMF with the font each was drawn in; records without a dx array are skipped. */
function textRecords(emf: Uint8Array): TextRecord[] {
  const dv = new DataView(emf.buffer, emf.byteOffset, emf.byteLength);
  const fonts = new Map<number, { face: string; em: number; bold: boolean; italic: boolean }>();
  let font: { face: string; em: number; bold: boolean; italic: boolean } | undefined;
  const out: TextRecord[] = [];
  for (let off = 0; off + 8 <= emf.length; ) {
    const type = dv.getUint32(off, true);
    const size = dv.getUint32(off + 4, true);
    if (size < 8 || off + size > emf.length) break;
    if (type === EMR_EXTCREATEFONTINDIRECTW && size >= 104) {
      // ihFont, then LOGFONTW: lfHeight, lfWidth, lfEscapement, lfOrientation, lfWeight, lfItalic… lfFaceName[32].
      let face = '';
      for (let i = 0; i < 32; i++) {
        const c = dv.getUint16(off + 40 + i * 2, true);
        if (c === 0) break;
        face += String.fromCharCode(c);
      }
      fonts.set(dv.getUint32(off + 8, true), { face, em: Math.abs(dv.getInt32(off + 12, true)), bold: dv.getInt32(off + 28, true) >= 600, italic: emf[off + 32] !== 0 });
    } else if (type === EMR_SELECTOBJECT) {
      const f = fonts.get(dv.getUint32(off + 8, true));
      if (f) font = f;
    } else if (type === EMR_EXTTEXTOUTW && font && size >= 76) {
      // EMRTEXT at 36: reference point, nChars, offString, options, rectangle, offDx.
      const n = dv.getUint32(off + 44, true);
      const offString = dv.getUint32(off + 48, true);
      const offDx = dv.getUint32(off + 72, true);
      if (n > 0 && offDx > 0 && off + offDx + n * 4 <= off + size && off + offString + n * 2 <= off + size) {
        let text = '';
        let advance = 0;
        for (let i = 0; i < n; i++) {
          text += String.fromCharCode(dv.getUint16(off + offString + i * 2, true));
          advance += dv.getInt32(off + offDx + i * 4, true);
        }
        if (text.trim().length > 0 && font.em > 0) out.push({ text, advance, ...font });
      }
    }
    off += size;
  }
  return out;
}

type Font = ReturnType<typeof fontkit.create>;
const loaded = new Map<string, Font>();
function shippedFont(family: string, bold: boolean, italic: boolean): { name: string; font: Font } | undefined {
  const faces = shippedFacesOf(family);
  const face = faces.find((f) => f.bold === bold && f.italic === italic) ?? faces.find((f) => f.bold === bold) ?? faces[0];
  if (!face) return undefined;
  let font = loaded.get(face.fileName);
  if (!font) loaded.set(face.fileName, (font = fontkit.create(readFileSync(join(root, 'fonts', face.fileName)))));
  return { name: face.fileName.replace(/\.ttf$/, ''), font };
}

let documents = 0;
for (const file of readdirSync(docxDir).filter((f) => f.endsWith('.docx')).sort()) {
  let emf: Uint8Array | undefined;
  try {
    emf = unzipSync(readFileSync(join(docxDir, file)), { filter: (f) => f.name === 'docProps/thumbnail.emf' })['docProps/thumbnail.emf'];
  } catch {
    continue;
  }
  if (!emf) continue;
  documents++;
  const groups = new Map<string, { chars: number; word: number; ours: number; standIn: string; reason: string }>();
  for (const r of textRecords(emf)) {
    const sub = substituteFamily(r.face);
    const shipped = shippedFont(sub.family, r.bold, r.italic);
    if (!shipped) continue;
    const key = `${r.face}${r.bold ? ' bold' : ''}${r.italic ? ' italic' : ''}`;
    const g = groups.get(key) ?? { chars: 0, word: 0, ours: 0, standIn: shipped.name, reason: sub.reason };
    const own = shipped.font.layout(r.text).glyphs.reduce((s, gl) => s + gl.advanceWidth, 0);
    g.chars += r.text.length;
    g.word += r.advance;
    g.ours += (own / shipped.font.unitsPerEm) * r.em;
    groups.set(key, g);
  }
  console.log(file.slice(0, -5));
  for (const [key, g] of [...groups].sort((a, b) => b[1].chars - a[1].chars)) {
    console.log(`  ${key.padEnd(32)} ${String(g.chars).padStart(6)} chars  Word / ${g.standIn} (${g.reason}) ${(g.word / g.ours).toFixed(3)}`);
  }
}
console.log(`word-thumbnails: ${documents} documents with a Word thumbnail (docProps/thumbnail.emf).`);
