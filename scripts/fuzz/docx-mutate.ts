/**
 * Structural mutation of a DOCX package: its XML parts are mutated element-wise (xml-mutate),
 * hostile constructs are inserted (snippets), and the package is re-zipped; or the zip bytes
 * themselves are mutated (bytes-mutate).
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { TINY_PNG } from '../../tests/helpers/tiny-png';
import { mutateBytes } from './bytes-mutate';
import { BIG_IMG } from './feature28-snippets';
import { bigPng } from './image-gen';
import type { Rng } from './rng';
import { FUZZ_IMAGE_RID, NUMBERING_SNIPPETS, STORY_SNIPPETS, STYLE_SNIPPETS } from './snippets';
import { XML_MUTATIONS } from './xml-mutate';

type Files = Record<string, Uint8Array>;

const STORY = /^word\/(document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/;

function insertBeforeParagraph(xml: string, snippet: string, r: Rng): string {
  const starts = [...xml.matchAll(/<w:p[\s>]/g)].map((m) => m.index!);
  const at = starts.length > 0 ? r.pick(starts) : xml.lastIndexOf('</w:body>');
  return at < 0 ? xml : xml.slice(0, at) + snippet + xml.slice(at);
}

function insertBeforeClose(xml: string, close: string, snippet: string): string {
  const at = xml.lastIndexOf(close);
  return at < 0 ? xml : xml.slice(0, at) + snippet + xml.slice(at);
}

/** Adds the campaign's pictures (a tiny one, and a large one to recolour) to every story part's relationships, so snippets can show them. */
function addPicture(files: Files): void {
  files['word/media/fuzz.png'] = TINY_PNG;
  files['word/media/fuzz-big.png'] = bigPng();
  const relOf = (id: string, target: string) => `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${target}"/>`;
  for (const name of Object.keys(files)) {
    if (!STORY.test(name)) continue;
    const rels = name.replace(/^word\//, 'word/_rels/') + '.rels';
    let old = files[rels] ? strFromU8(files[rels]) : '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>';
    if (!old.includes(FUZZ_IMAGE_RID)) old = insertBeforeClose(old, '</Relationships>', relOf(FUZZ_IMAGE_RID, 'media/fuzz.png'));
    if (!old.includes(BIG_IMG)) old = insertBeforeClose(old, '</Relationships>', relOf(BIG_IMG, 'media/fuzz-big.png'));
    files[rels] = strToU8(old);
  }
  const ct = files['[Content_Types].xml'];
  if (ct && !strFromU8(ct).includes('Extension="png"')) {
    files['[Content_Types].xml'] = strToU8(insertBeforeClose(strFromU8(ct), '</Types>', '<Default Extension="png" ContentType="image/png"/>'));
  }
}

function xmlParts(files: Files): string[] {
  return Object.keys(files).filter((n) => n.startsWith('word/') && n.endsWith('.xml'));
}

/** The story snippets a directed campaign inserts (`--snippets REGEX`), and how often (of 10 mutations). */
let directed: { names: string[]; share: number } | undefined;

/** Directs the campaign at the story snippets whose names match: they make most mutations. */
export function directSnippets(pattern: RegExp): string[] {
  const names = Object.keys(STORY_SNIPPETS).filter((n) => pattern.test(n));
  directed = names.length > 0 ? { names, share: 7 } : undefined;
  return names;
}

/** One mutation of the unzipped package; returns its name. */
function mutateOnce(files: Files, r: Rng): string {
  const kind = r.int(10);
  if (kind < (directed?.share ?? 3)) {
    const name = r.pick(directed?.names ?? Object.keys(STORY_SNIPPETS));
    const stories = Object.keys(files).filter((n) => STORY.test(n));
    const part = files['word/document.xml'] && r.chance(0.7) ? 'word/document.xml' : r.pick(stories.length ? stories : ['word/document.xml']);
    if (!files[part]) return 'snippet:none';
    files[part] = strToU8(insertBeforeParagraph(strFromU8(files[part]), STORY_SNIPPETS[name]!(r), r));
    return `snippet:${name}@${part}`;
  }
  if (kind === 3) {
    const useNumbering = r.chance(0.4);
    const part = useNumbering ? 'word/numbering.xml' : 'word/styles.xml';
    const table = useNumbering ? NUMBERING_SNIPPETS : STYLE_SNIPPETS;
    const name = r.pick(Object.keys(table));
    const root = useNumbering ? '<w:numbering' : '<w:styles';
    const old = files[part] ? strFromU8(files[part]) : `<?xml version="1.0"?>${root} xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"></${root.slice(1)}>`;
    const rootEnd = old.indexOf('>', old.indexOf(root));
    files[part] = strToU8(old.slice(0, rootEnd + 1) + table[name]!(r) + old.slice(rootEnd + 1));
    return `${useNumbering ? 'numbering' : 'styles'}:${name}`;
  }
  const parts = xmlParts(files);
  if (parts.length === 0) return 'xml:none';
  const part = files['word/document.xml'] && r.chance(0.6) ? 'word/document.xml' : r.pick(parts);
  const name = r.pick(Object.keys(XML_MUTATIONS));
  files[part] = strToU8(XML_MUTATIONS[name]!(strFromU8(files[part]!), r));
  return `xml:${name}@${part}`;
}

/** Mutates a DOCX package: 1–4 structural mutations, or (one case in eight) its zip bytes. */
export function mutateDocx(docx: Uint8Array, r: Rng): { bytes: Uint8Array; ops: string[] } {
  if (r.chance(0.125)) {
    const m = mutateBytes(docx, r);
    return { bytes: m.bytes, ops: m.ops.map((o) => `zip:${o}`) };
  }
  let files: Files;
  try {
    files = unzipSync(docx);
  } catch {
    return { bytes: docx, ops: ['unzip-failed'] };
  }
  addPicture(files);
  const ops: string[] = [];
  for (let i = 0, n = 1 + r.int(4); i < n; i++) ops.push(mutateOnce(files, r));
  return { bytes: zipSync(files, { level: 1 }), ops };
}
