/**
 * makeDocx: builds a small, valid DOCX package from XML snippets, for tests.
 *
 * Every `*.xml` option is the INNER content of the part's root element (the builder adds the root and
 * all the usual namespace declarations), except `rawDocument`, which replaces document.xml whole.
 * Parts that are not given are not written (so "missing part" cases are easy to test).
 *
 * Relationship ids are chosen by the caller as the keys of `headers`, `footers`, `media` and
 * `parts`, so the body can refer to them: `<w:headerReference w:type="default" r:id="rIdH1"/>`.
 */
import { writeZip, type ZipInput } from '../../engine/zip';
import { encodeUtf8 } from '../../engine/core';

/** Every namespace a test snippet may use, declared on each root element. */
export const NS_DECLS = [
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"',
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"',
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"',
  'xmlns:wp14="http://schemas.microsoft.com/office/word/2010/wordprocessingDrawing"',
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"',
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"',
  'xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart"',
  'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"',
  'xmlns:wpg="http://schemas.microsoft.com/office/word/2010/wordprocessingGroup"',
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"',
  'xmlns:v="urn:schemas-microsoft-com:vml"',
  'xmlns:o="urn:schemas-microsoft-com:office:office"',
  'xmlns:w10="urn:schemas-microsoft-com:office:word"',
  'xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml"',
  'xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml"',
  'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"',
  'mc:Ignorable="w14 w15 wp14"',
].join(' ');

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const WML_CT = 'application/vnd.openxmlformats-officedocument.wordprocessingml';

/** A standard US Letter section with 1-inch margins (what Word's Normal template writes). */
export const LETTER_SECT_PR =
  '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/>' +
  '<w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/>' +
  '<w:cols w:space="720"/><w:docGrid w:linePitch="360"/></w:sectPr>';

/** Word 2016's Normal-template defaults (Calibri 11 pt, 8 pt after, 1.08 lines), for realistic layout tests. */
export const WORD_DEFAULT_STYLES =
  '<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:asciiTheme="minorHAnsi" w:eastAsiaTheme="minorHAnsi" w:hAnsiTheme="minorHAnsi" w:cstheme="minorBidi"/>' +
  '<w:sz w:val="22"/><w:szCs w:val="22"/><w:lang w:val="en-US" w:eastAsia="en-US" w:bidi="ar-SA"/></w:rPr></w:rPrDefault>' +
  '<w:pPrDefault><w:pPr><w:spacing w:after="160" w:line="259" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>' +
  '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>' +
  '<w:style w:type="character" w:default="1" w:styleId="DefaultParagraphFont"><w:name w:val="Default Paragraph Font"/><w:uiPriority w:val="1"/><w:semiHidden/></w:style>' +
  '<w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/><w:tblPr><w:tblInd w:w="0" w:type="dxa"/>' +
  '<w:tblCellMar><w:top w:w="0" w:type="dxa"/><w:left w:w="108" w:type="dxa"/><w:bottom w:w="0" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>' +
  '<w:style w:type="numbering" w:default="1" w:styleId="NoList"><w:name w:val="No List"/></w:style>';

/** Office 2013+ theme fonts (Calibri Light / Calibri) and colours, as theme1.xml inner content. */
export const OFFICE_THEME =
  '<a:themeElements><a:clrScheme name="Office">' +
  '<a:dk1><a:sysClr val="windowText" lastClr="000000"/></a:dk1><a:lt1><a:sysClr val="window" lastClr="FFFFFF"/></a:lt1>' +
  '<a:dk2><a:srgbClr val="44546A"/></a:dk2><a:lt2><a:srgbClr val="E7E6E6"/></a:lt2>' +
  '<a:accent1><a:srgbClr val="4472C4"/></a:accent1><a:accent2><a:srgbClr val="ED7D31"/></a:accent2>' +
  '<a:accent3><a:srgbClr val="A5A5A5"/></a:accent3><a:accent4><a:srgbClr val="FFC000"/></a:accent4>' +
  '<a:accent5><a:srgbClr val="5B9BD5"/></a:accent5><a:accent6><a:srgbClr val="70AD47"/></a:accent6>' +
  '<a:hlink><a:srgbClr val="0563C1"/></a:hlink><a:folHlink><a:srgbClr val="954F72"/></a:folHlink></a:clrScheme>' +
  '<a:fontScheme name="Office"><a:majorFont><a:latin typeface="Calibri Light"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont>' +
  '<a:minorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont></a:fontScheme>' +
  '<a:fmtScheme name="Office"><a:fillStyleLst/><a:lnStyleLst/><a:effectStyleLst/><a:bgFillStyleLst/></a:fmtScheme></a:themeElements>';

/** An extra part with its own content type, referenced from document.xml by `relId`. */
export interface ExtraPart {
  /** Part name inside the package, e.g. `word/charts/chart1.xml`. */
  readonly name: string;
  readonly contentType: string;
  /** Relationship type URI of the document → part relationship (omit for parts referenced elsewhere). */
  readonly relType?: string;
  readonly data: string | Uint8Array;
  /** The part's own relationships (written to its `_rels/NAME.rels`). */
  readonly rels?: readonly ExtraRel[];
}

/** A relationship written verbatim. */
export interface ExtraRel {
  readonly id: string;
  readonly type: string;
  readonly target: string;
  readonly external?: boolean;
}

/** What to put in the package. */
export interface MakeDocxOptions {
  /** Inner content of w:body. A US Letter sectPr is appended unless the snippet has its own w:sectPr or `sectPr` is given. */
  readonly body?: string;
  /** Replaces the automatic final section properties (`''` for none). */
  readonly sectPr?: string;
  /** Replaces word/document.xml entirely (bytes or text); `body` is then ignored. */
  readonly rawDocument?: string | Uint8Array;
  /** Inner content of w:styles (see WORD_DEFAULT_STYLES). */
  readonly styles?: string;
  /** Inner content of w:numbering. */
  readonly numbering?: string;
  /** Inner content of w:settings. */
  readonly settings?: string;
  /** Inner content of w:fonts (fontTable.xml). */
  readonly fontTable?: string;
  /** Inner content of a:theme (see OFFICE_THEME). */
  readonly theme?: string;
  /** Inner content of w:footnotes / w:endnotes / w:comments. */
  readonly footnotes?: string;
  readonly endnotes?: string;
  readonly comments?: string;
  /** Headers and footers: relationship id → inner content of w:hdr / w:ftr. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly footers?: Readonly<Record<string, string>>;
  /** Media: relationship id → file name under word/media and its bytes. */
  readonly media?: Readonly<Record<string, { readonly name: string; readonly data: Uint8Array }>>;
  /** External hyperlinks: relationship id → URL. */
  readonly links?: Readonly<Record<string, string>>;
  /** Other parts referenced from the document: relationship id → part. */
  readonly parts?: Readonly<Record<string, ExtraPart>>;
  /** Inner content of cp:coreProperties (dc:title, dc:creator...). */
  readonly coreProps?: string;
  /** Inner content of Properties in docProps/app.xml. */
  readonly appProps?: string;
  /** Custom properties: name → string value (docProps/custom.xml). */
  readonly customProps?: Readonly<Record<string, string>>;
  /** Relationships of other parts by part name (e.g. `word/fontTable.xml` → its embedded fonts, `word/header1.xml` → images). */
  readonly partRels?: Readonly<Record<string, readonly ExtraRel[]>>;
  /** Entries written as-is after everything else (for corrupt-package tests). */
  readonly rawEntries?: readonly ZipInput[];
}

const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

function wrap(root: string, inner: string, decls = NS_DECLS): string {
  return `${XML_DECL}<${root} ${decls}>${inner}</${root}>`;
}

function relsXml(rels: readonly ExtraRel[]): string {
  const items = rels.map(
    (r) => `<Relationship Id="${r.id}" Type="${r.type}" Target="${escapeAttr(r.target)}"${r.external ? ' TargetMode="External"' : ''}/>`,
  );
  return `${XML_DECL}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items.join('')}</Relationships>`;
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

const MEDIA_TYPES: Record<string, string> = {
  png: 'image/png', jpeg: 'image/jpeg', jpg: 'image/jpeg', gif: 'image/gif', bmp: 'image/bmp', tif: 'image/tiff',
  tiff: 'image/tiff', emf: 'image/x-emf', wmf: 'image/x-wmf', svg: 'image/svg+xml', odttf: 'application/vnd.openxmlformats-officedocument.obfuscatedFont',
};

/** Builds a DOCX package (zip bytes) from the given snippets. */
export function makeDocx(options: MakeDocxOptions | string = {}): Uint8Array {
  const o: MakeDocxOptions = typeof options === 'string' ? { body: options } : options;
  const files: ZipInput[] = [];
  const overrides: Array<[string, string]> = [];
  const docRels: ExtraRel[] = [];
  const add = (name: string, data: string | Uint8Array, contentType?: string): void => {
    files.push({ name, data: typeof data === 'string' ? encodeUtf8(data) : data });
    if (contentType) overrides.push([name, contentType]);
  };
  const part = (key: keyof MakeDocxOptions, file: string, root: string, ct: string, relType: string, decls?: string): void => {
    const inner = o[key];
    if (typeof inner !== 'string') return;
    add(`word/${file}`, wrap(root, inner, decls), ct);
    docRels.push({ id: `rId_${file.replace(/\W/g, '_')}`, type: `${REL}/${relType}`, target: file });
  };

  add('word/document.xml', o.rawDocument ?? documentXml(o), `${WML_CT}.document.main+xml`);
  part('styles', 'styles.xml', 'w:styles', `${WML_CT}.styles+xml`, 'styles');
  part('numbering', 'numbering.xml', 'w:numbering', `${WML_CT}.numbering+xml`, 'numbering');
  part('settings', 'settings.xml', 'w:settings', `${WML_CT}.settings+xml`, 'settings');
  part('fontTable', 'fontTable.xml', 'w:fonts', `${WML_CT}.fontTable+xml`, 'fontTable');
  part('footnotes', 'footnotes.xml', 'w:footnotes', `${WML_CT}.footnotes+xml`, 'footnotes');
  part('endnotes', 'endnotes.xml', 'w:endnotes', `${WML_CT}.endnotes+xml`, 'endnotes');
  part('comments', 'comments.xml', 'w:comments', `${WML_CT}.comments+xml`, 'comments');
  part('theme', 'theme/theme1.xml', 'a:theme', 'application/vnd.openxmlformats-officedocument.theme+xml', 'theme',
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" name="Office Theme"');
  addStories(o.headers, 'header', 'w:hdr', add, docRels);
  addStories(o.footers, 'footer', 'w:ftr', add, docRels);
  for (const [id, m] of Object.entries(o.media ?? {})) {
    add(`word/media/${m.name}`, m.data);
    docRels.push({ id, type: `${REL}/image`, target: `media/${m.name}` });
  }
  for (const [id, url] of Object.entries(o.links ?? {})) docRels.push({ id, type: `${REL}/hyperlink`, target: url, external: true });
  for (const [id, p] of Object.entries(o.parts ?? {})) {
    add(p.name, p.data, p.contentType);
    if (p.relType) docRels.push({ id, type: p.relType, target: relativeToWord(p.name) });
    if (p.rels) add(relsNameFor(p.name), relsXml(p.rels));
  }
  for (const [name, rels] of Object.entries(o.partRels ?? {})) add(relsNameFor(name), relsXml(rels));
  add('word/_rels/document.xml.rels', relsXml(docRels));
  add('_rels/.rels', relsXml(packageRels(o, add)));
  files.unshift({ name: '[Content_Types].xml', data: encodeUtf8(contentTypesXml(overrides)) });
  return writeZip([...files, ...(o.rawEntries ?? [])]);
}

function documentXml(o: MakeDocxOptions): string {
  const body = o.body ?? '';
  const sect = o.sectPr ?? (body.includes('<w:sectPr') && /<w:sectPr[\s\S]*<\/w:sectPr>\s*$|<w:sectPr[^>]*\/>\s*$/.test(body) ? '' : LETTER_SECT_PR);
  return wrap('w:document', `<w:body>${body}${sect}</w:body>`);
}

function addStories(
  stories: Readonly<Record<string, string>> | undefined,
  kind: 'header' | 'footer',
  root: string,
  add: (name: string, data: string, ct?: string) => void,
  docRels: ExtraRel[],
): void {
  let n = 0;
  for (const [id, inner] of Object.entries(stories ?? {})) {
    const file = `${kind}${++n}.xml`;
    add(`word/${file}`, wrap(root, inner), `${WML_CT}.${kind}+xml`);
    docRels.push({ id, type: `${REL}/${kind}`, target: file });
  }
}

function packageRels(o: MakeDocxOptions, add: (name: string, data: string, ct?: string) => void): ExtraRel[] {
  const rels: ExtraRel[] = [{ id: 'rId1', type: `${REL}/officeDocument`, target: 'word/document.xml' }];
  if (o.coreProps !== undefined) {
    add('docProps/core.xml', wrap('cp:coreProperties', o.coreProps,
      'xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" ' +
      'xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"'),
      'application/vnd.openxmlformats-package.core-properties+xml');
    rels.push({ id: 'rId2', type: 'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties', target: 'docProps/core.xml' });
  }
  if (o.appProps !== undefined) {
    add('docProps/app.xml', wrap('Properties', o.appProps, 'xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"'),
      'application/vnd.openxmlformats-officedocument.extended-properties+xml');
    rels.push({ id: 'rId3', type: `${REL}/extended-properties`, target: 'docProps/app.xml' });
  }
  if (o.customProps !== undefined) {
    const props = Object.entries(o.customProps).map(([name, value], i) =>
      `<property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="${i + 2}" name="${escapeAttr(name)}"><vt:lpwstr>${escapeAttr(value)}</vt:lpwstr></property>`);
    add('docProps/custom.xml', wrap('Properties', props.join(''),
      'xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"'),
      'application/vnd.openxmlformats-officedocument.custom-properties+xml');
    rels.push({ id: 'rId4', type: `${REL}/custom-properties`, target: 'docProps/custom.xml' });
  }
  return rels;
}

function contentTypesXml(overrides: ReadonlyArray<[string, string]>): string {
  const defaults = Object.entries({ rels: 'application/vnd.openxmlformats-package.relationships+xml', xml: 'application/xml', ...MEDIA_TYPES })
    .map(([ext, ct]) => `<Default Extension="${ext}" ContentType="${ct}"/>`);
  const ov = overrides.map(([name, ct]) => `<Override PartName="/${name}" ContentType="${ct}"/>`);
  return `${XML_DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">${defaults.join('')}${ov.join('')}</Types>`;
}

function relativeToWord(name: string): string {
  return name.startsWith('word/') ? name.slice(5) : `/${name}`;
}

function relsNameFor(name: string): string {
  const slash = name.lastIndexOf('/');
  return `${name.slice(0, slash + 1)}_rels/${name.slice(slash + 1)}.rels`;
}

/** Escapes text for use inside a w:t element. */
export function xmlText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A paragraph snippet: `para('Hello', '<w:jc w:val="center"/>', '<w:b/>')`. */
export function para(text: string, pPr = '', rPr = ''): string {
  const run = text === '' ? '' : `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:t xml:space="preserve">${xmlText(text)}</w:t></w:r>`;
  return `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${run}</w:p>`;
}

/** A run snippet: `run('bold', '<w:b/>')`. */
export function run(text: string, rPr = ''): string {
  return `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:t xml:space="preserve">${xmlText(text)}</w:t></w:r>`;
}
