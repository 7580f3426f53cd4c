/**
 * Seed inputs: the corpus (../shared/corpus beside the repository, or FUZZ_CORPUS, when present), the campaign's own small
 * fixtures built with tests/helpers, and the pictures found inside the DOCX seeds.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { chartPart, inlineChart } from '../../tests/helpers/make-chart';
import { makeDocx, para, run, WORD_DEFAULT_STYLES } from '../../tests/helpers/make-docx';
import { buildEmf, buildWmf, emr, wmr } from '../../tests/helpers/make-metafile';
import { clipOutMetafiles, featureDocxSeeds } from './feature-seeds';
import { anchoredPicture, inlinePicture, TINY_PNG } from '../../tests/helpers/tiny-png';

/** A named seed. */
export interface Seed {
  readonly name: string;
  readonly bytes: Uint8Array;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The shared corpus beside the repository (as scripts/fidelity.mjs finds it), or FUZZ_CORPUS. */
const CORPUS = process.env.FUZZ_CORPUS ?? join(ROOT, '..', 'shared', 'corpus');

function readDir(dir: string, ext: string): Seed[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(ext))
    .sort()
    .map((f) => ({ name: f, bytes: new Uint8Array(readFileSync(join(dir, f))) }));
}

const NUMBERING = '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl><w:lvl w:ilvl="1"><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="%1.%2"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>';
const FIELD = (instr: string) => `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> ${instr} </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${run('1')}<w:r><w:fldChar w:fldCharType="end"/></w:r>`;
const TABLE = `<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/></w:tblPr><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid>` +
  `<w:tr><w:tc><w:tcPr><w:vMerge w:val="restart"/></w:tcPr>${para('a')}</w:tc><w:tc>${para('b')}</w:tc></w:tr>` +
  `<w:tr><w:tc><w:tcPr><w:vMerge/></w:tcPr>${para('')}</w:tc><w:tc>${para('d')}</w:tc></w:tr>` +
  `<w:tr><w:tc><w:tcPr><w:gridSpan w:val="2"/></w:tcPr>${para('span')}</w:tc></w:tr></w:tbl>`;

/** The campaign's own DOCX fixtures: every feature the mutations aim at, in a few small packages. */
export function ownDocxSeeds(): Seed[] {
  const body = para('Title', '<w:pStyle w:val="Heading1"/>') + `<w:p>${FIELD('TOC \\o "1-3" \\h')}</w:p>` +
    `<w:p><w:pPr><w:numPr><w:ilvl w:val="1"/><w:numId w:val="1"/></w:numPr></w:pPr>${run('item')}${FIELD('PAGE')}<w:bookmarkStart w:id="0" w:name="b1"/>${run('mark')}<w:bookmarkEnd w:id="0"/></w:p>` +
    TABLE + `<w:p>${run('note')}<w:r><w:footnoteReference w:id="1"/></w:r>${inlinePicture('rIdImg', 50, 50)}</w:p>` +
    `<w:p>${anchoredPicture('rIdImg', 80, 40, { x: 100, y: 10, wrap: 'square' }, 3)}${run('wrapped text '.repeat(40))}</w:p>` +
    `<w:p><w:r><w:pict><v:shape style="width:200pt;height:60pt"><v:textbox><w:txbxContent>${para('in a box')}</w:txbxContent></v:textbox></v:shape></w:pict></w:r></w:p>` +
    `<w:p><w:pPr><w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/><w:cols w:num="2" w:space="720"/></w:sectPr></w:pPr></w:p>` +
    para('two columns '.repeat(200));
  const rich = makeDocx({
    body: body + '<w:sectPr><w:headerReference w:type="default" r:id="rIdH1"/><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>',
    styles: WORD_DEFAULT_STYLES + '<w:style w:type="paragraph" w:styleId="Heading1"><w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:sz w:val="32"/></w:rPr></w:style>',
    numbering: NUMBERING,
    footnotes: `<w:footnote w:id="1">${para('the note')}</w:footnote>`,
    headers: { rIdH1: `<w:p>${run('Page ')}${FIELD('PAGE')}${inlinePicture('rIdHImg', 20, 20)}</w:p>` },
    media: { rIdImg: { name: 'image1.png', data: TINY_PNG } },
    partRels: { 'word/header1.xml': [{ id: 'rIdHImg', type: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image', target: 'media/image1.png' }] },
  });
  const charts = ['barChart', 'lineChart', 'pieChart', 'scatterChart'].map((kind, i) =>
    chartPart({ kind, title: kind, categories: ['a', 'b', 'c'], series: [{ name: 's', values: [1, 5, null], x: [1, 2, 3] }, { name: 't', values: [-2, 0, 7] }] }, i + 1));
  const parts = Object.fromEntries(charts.map((c, i) => [`rIdChart${i}`, c]));
  const chartBody = charts.map((_, i) => `<w:p>${inlineChart(`rIdChart${i}`, 300, 200, i + 1)}</w:p>`).join('');
  const charted = makeDocx({ body: chartBody + TABLE, parts, styles: WORD_DEFAULT_STYLES });
  return [{ name: 'own-rich.docx', bytes: rich }, { name: 'own-chart.docx', bytes: charted }, ...featureDocxSeeds()];
}

/** DOCX seeds: the corpus's dev documents and the campaign's own fixtures. */
export function docxSeeds(): Seed[] {
  return [...readDir(join(CORPUS, 'docx/dev'), '.docx'), ...ownDocxSeeds()];
}

const PICTURE_EXT = /\.(png|jpe?g|gif|bmp|tiff?|emf|wmf)$/i;

/** Pictures and metafiles found in DOCX seeds (at most `perKind` of each extension, none over 256 KB). */
export function pictureSeeds(docx: readonly Seed[], perKind = 12): Seed[] {
  const out: Seed[] = [];
  const count: Record<string, number> = {};
  for (const d of docx) {
    let files: Record<string, Uint8Array>;
    try {
      files = unzipSync(d.bytes, { filter: (f) => PICTURE_EXT.test(f.name) && f.originalSize < 256 * 1024 });
    } catch {
      continue;
    }
    for (const [name, bytes] of Object.entries(files)) {
      const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase().replace('jpg', 'jpeg').replace('tif', 'tiff').replace('tifff', 'tiff');
      if ((count[ext] = (count[ext] ?? 0) + 1) <= perKind) out.push({ name: `${d.name}:${name.slice(name.lastIndexOf('/') + 1)}`.replace(/\.[^.]+$/, `.${ext}`), bytes });
    }
  }
  const emf = buildEmf([emr(43, (b) => b.u32(10, 10, 500, 400)), emr(27, (b) => b.u32(0, 0)), emr(54, (b) => b.u32(900, 450))]);
  const wmf = buildWmf([wmr(0x041b, [400, 300, 10, 10]), wmr(0x0214, [20, 20]), wmr(0x0213, [300, 200])], [0, 0, 1000, 500]);
  const cuts = clipOutMetafiles(100_000);
  return [...out, { name: 'own.png', bytes: TINY_PNG }, { name: 'own.emf', bytes: emf }, { name: 'own.wmf', bytes: wmf }, { name: 'own-cuts.emf', bytes: cuts.emf }, { name: 'own-cuts.wmf', bytes: cuts.wmf }];
}

/** Signed PDFs of the corpus. */
export function signedPdfSeeds(): Seed[] {
  return readDir(join(CORPUS, 'pdf-sign/dev'), '.pdf');
}

/** Signed DOCX packages of the corpus. */
export function signedDocxSeeds(): Seed[] {
  return readDir(join(CORPUS, 'docx-sign/dev'), '.docx');
}
