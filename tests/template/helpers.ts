/**
 * Helpers for template tests: snippet builders for fields, test images, reading a filled package,
 * and a package sanity check (parts parse, relationships resolve, content types cover every part,
 * drawing / bookmark / control ids unique).
 */
import { encodePng } from '../../engine/image';
import { openZip } from '../../engine/zip';
import { parseXml, type XmlElement, type XmlNode } from '../../engine/xml';

/** A PNG of w×h pixels in one colour. */
export function pngBytes(w: number, h: number, rgba: [number, number, number, number] = [200, 30, 30, 255]): Uint8Array {
  const px = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) px.set(rgba, i * 4);
  return encodePng(w, h, px);
}

/** A data URL for bytes. */
export function dataUrl(bytes: Uint8Array, type = 'image/png'): string {
  return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
}

/** A PNG data URL of w×h pixels. */
export function pngDataUrl(w: number, h: number): string {
  return dataUrl(pngBytes(w, h));
}

/** A minimal JPEG header (SOI, APP0, SOF0 with the size, EOI): enough to be recognised and measured. */
export function jpegBytes(w: number, h: number): Uint8Array {
  return new Uint8Array([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
    0xff, 0xc0, 0x00, 0x0b, 0x08, h >> 8, h & 255, w >> 8, w & 255, 0x01, 0x01, 0x11, 0x00, 0xff, 0xd9,
  ]);
}

/** A run-level content control. */
export function inlineSdt(props: string, content: string): string {
  return `<w:sdt><w:sdtPr>${props}</w:sdtPr><w:sdtContent>${content}</w:sdtContent></w:sdt>`;
}

/** An inline picture placeholder (a 100×50 px box) with alt text and optional title. */
export function pictureRun(rId: string, descr: string, title?: string, id = 1): string {
  const cx = 100 * 9525;
  const cy = 50 * 9525;
  return `<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="${cx}" cy="${cy}"/>` +
    `<wp:docPr id="${id}" name="Picture ${id}" descr="${descr}"${title ? ` title="${title}"` : ''}/>` +
    `<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>` +
    `<pic:nvPicPr><pic:cNvPr id="0" name="p.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="${rId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`;
}

/** A paragraph holding a text box (DrawingML with VML fallback) whose content is `inner` paragraphs. */
export function textBoxParagraph(inner: string, id = 50): string {
  return `<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor distT="0" distB="0" distL="0" distR="0" simplePos="0" relativeHeight="1" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">` +
    `<wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="column"><wp:posOffset>0</wp:posOffset></wp:positionH><wp:positionV relativeFrom="paragraph"><wp:posOffset>0</wp:posOffset></wp:positionV>` +
    `<wp:extent cx="2000000" cy="500000"/><wp:effectExtent l="0" t="0" r="0" b="0"/><wp:wrapNone/><wp:docPr id="${id}" name="Text Box ${id}"/>` +
    `<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:cNvSpPr txBox="1"/><wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="2000000" cy="500000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></wps:spPr>` +
    `<wps:txbx><w:txbxContent>${inner}</w:txbxContent></wps:txbx><wps:bodyPr/></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice>` +
    `<mc:Fallback><w:pict><v:shape style="width:157pt;height:39pt"><v:textbox><w:txbxContent>${inner}</w:txbxContent></v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r></w:p>`;
}

/** Reads one part of a package as text. */
export function partXml(docx: Uint8Array, name: string): string {
  return new TextDecoder().decode(openZip(docx).read(name));
}

/** Parses one part of a package. */
export function partTree(docx: Uint8Array, name: string): XmlElement {
  const r = parseXml(openZip(docx).read(name), { part: name });
  if (!r.ok) throw new Error(r.errors[0]!.message);
  return r.value.root;
}

/** Visible text of a part: paragraphs joined by newlines, w:br as newline, w:tab as tab. */
export function partText(docx: Uint8Array, name = 'word/document.xml'): string {
  const lines: string[] = [];
  let cur = '';
  const walk = (n: XmlNode, skip: boolean): void => {
    if (n.kind !== 'element') return;
    if (n.name === 'mc:Fallback' || n.name === 'w:instrText' || n.name === 'w:delText') return;
    if (n.name === 'w:t' && !skip) for (const c of n.children) if (c.kind === 'text') cur += c.text;
    if (n.name === 'w:br') cur += '\n';
    if (n.name === 'w:tab') cur += '\t';
    for (const c of n.children) walk(c, skip);
    if (n.name === 'w:p') {
      lines.push(cur);
      cur = '';
    }
  };
  walk(partTree(docx, name), false);
  return lines.join('\n');
}

/** All elements with a name under a root, in document order. */
export function findAll(root: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const stack: XmlNode[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.kind !== 'element') continue;
    if (n.name === name) out.push(n);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return out;
}

/**
 * Package sanity check: every XML part parses, every internal relationship target exists, every part
 * has a content type, relationship ids are unique per part, and wp:docPr ids, bookmark ids and names,
 * and content control ids are unique across the document's stories. Returns the problems found.
 */
export function checkPackage(docx: Uint8Array): string[] {
  const problems: string[] = [];
  const zip = openZip(docx);
  const names = zip.entries.map((e) => e.name);
  const ct = partTree(docx, '[Content_Types].xml');
  const defaults = new Set(findAll(ct, 'Default').map((d) => (d.attrs.Extension ?? '').toLowerCase()));
  const overrides = new Set(findAll(ct, 'Override').map((o) => (o.attrs.PartName ?? '').toLowerCase()));
  const docPr = new Map<string, number>();
  const bookmarks = new Map<string, number>();
  const sdtIds = new Map<string, number>();
  for (const name of names) {
    if (name === '[Content_Types].xml') continue;
    const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
    if (!defaults.has(ext) && !overrides.has(`/${name}`.toLowerCase())) problems.push(`no content type for ${name}`);
    if (!/\.(xml|rels)$/i.test(name)) continue;
    const parsed = parseXml(zip.read(name), { part: name });
    if (!parsed.ok) {
      problems.push(`${name} does not parse: ${parsed.errors[0]!.message}`);
      continue;
    }
    const root = stripFallback(parsed.value.root);
    if (name.endsWith('.rels')) {
      const ids = new Set<string>();
      const source = name.replace(/_rels\/([^/]*)\.rels$/, '$1');
      for (const r of findAll(root, 'Relationship')) {
        if (ids.has(r.attrs.Id ?? '')) problems.push(`duplicate relationship id ${r.attrs.Id} in ${name}`);
        ids.add(r.attrs.Id ?? '');
        if (r.attrs.TargetMode === 'External') continue;
        const target = resolve(source, r.attrs.Target ?? '');
        if (!names.some((n) => n.toLowerCase() === target.toLowerCase())) problems.push(`${name}: ${r.attrs.Id} targets missing ${target}`);
      }
      continue;
    }
    for (const d of findAll(root, 'wp:docPr')) count(docPr, d.attrs.id ?? '');
    for (const b of findAll(root, 'w:bookmarkStart')) {
      count(bookmarks, `id:${b.attrs['w:id']}`);
      count(bookmarks, `name:${(b.attrs['w:name'] ?? '').toLowerCase()}`);
    }
    for (const p of findAll(root, 'w:sdtPr')) {
      const id = p.children.find((c): c is XmlElement => c.kind === 'element' && c.name === 'w:id');
      if (id) count(sdtIds, id.attrs['w:val'] ?? '');
    }
  }
  for (const [id, n] of docPr) if (n > 1) problems.push(`wp:docPr id ${id} used ${n} times`);
  for (const [id, n] of bookmarks) if (n > 1) problems.push(`bookmark ${id} used ${n} times`);
  for (const [id, n] of sdtIds) if (n > 1) problems.push(`content control id ${id} used ${n} times`);
  return problems;
}

/** Drops mc:Fallback subtrees (Word repeats the Choice content there, ids included). */
function stripFallback(root: XmlElement): XmlElement {
  const stack: XmlElement[] = [root];
  while (stack.length) {
    const e = stack.pop()!;
    e.children = e.children.filter((c) => !(c.kind === 'element' && c.name === 'mc:Fallback'));
    for (const c of e.children) if (c.kind === 'element') stack.push(c);
  }
  return root;
}

function count(m: Map<string, number>, k: string): void {
  m.set(k, (m.get(k) ?? 0) + 1);
}

function resolve(source: string, target: string): string {
  const base = target.startsWith('/') ? [] : source.split('/').slice(0, -1);
  for (const seg of target.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') base.pop();
    else base.push(seg);
  }
  return base.join('/');
}
