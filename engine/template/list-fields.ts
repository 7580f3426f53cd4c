/**
 * listFields: introspection of a template — every field occurrence with its type, location and the
 * value it shows now, in document order (body, then headers, footers, footnotes, endnotes).
 */
import { DiagnosticBag, error, fail, guard, resolveLimits, type EngineHost, type Result } from '../core';
import type { XmlElement } from '../xml';
import { firstChild } from './wml';
import { drawingFrame } from './drawing';
import { TemplatePackage, type StoryPart } from './package';
import { controlValue, dateFormatOf, listItems, readControl } from './sdt';
import { resolveDelimiters } from './tags';
import { collectTokens, type Token } from './tokens';
import type { FieldInfo, FieldLocation, FillOptions } from './types';

/** Lists the fields of a DOCX template. Never throws. */
export function listFields(docx: Uint8Array, options: FillOptions = {}, host: EngineHost = {}): Result<FieldInfo[]> {
  void host;
  const delims = resolveDelimiters(options.delimiters);
  if (!delims) return fail(error('template/bad-delimiters', `The delimiters ${JSON.stringify(options.delimiters)} are not usable.`));
  const bag = new DiagnosticBag();
  return guard('template', bag, () => {
    const pkg = new TemplatePackage(docx, resolveLimits(options.limits));
    bag.addAll(pkg.zipWarnings);
    const out: FieldInfo[] = [];
    for (const story of pkg.stories()) {
      const tokens = collectTokens(pkg.xml(story.name).root, delims, (code, message) => bag.warn(code, message, { at: story.name }));
      for (const t of tokens) {
        if (t.fallback) continue;
        const info = describe(t, location(story, t));
        if (info) out.push(info);
      }
    }
    return out;
  });
}

function location(story: StoryPart, t: Token): FieldLocation {
  return {
    part: story.name,
    story: story.story,
    inTable: t.path.some((p) => p.name === 'w:tc'),
    inTextBox: t.path.some((p) => p.name === 'w:txbxContent' || p.name === 'v:textbox'),
  };
}

function describe(t: Token, loc: FieldLocation): FieldInfo | undefined {
  switch (t.kind) {
    case 'tag': {
      if (t.tag.kind === 'close') return undefined;
      const type = t.tag.kind === 'open' ? 'loop' : t.tag.kind === 'inverse' ? 'inverse' : 'text';
      return { name: t.tag.name, source: t.tag.kind === 'value' ? 'placeholder' : 'section', type, location: loc, currentValue: runText(t.node) };
    }
    case 'merge': {
      if (t.instr.section === 'close') return undefined;
      return {
        name: t.instr.name,
        source: t.instr.section ? 'section' : 'mergefield',
        type: t.instr.section ? 'loop' : t.instr.image ? 'image' : 'text',
        location: loc,
        currentValue: t.currentText,
        switches: t.instr.switches,
      };
    }
    case 'sdt':
      return describeControl(t.node, t.path[t.path.length - 1], loc);
    case 'picture': {
      const docPr = firstChild(drawingFrame(t.node), 'wp:docPr');
      if (!t.delimited && !docPr?.attrs.title) return undefined;
      return { name: t.names[0]!, source: 'picture', type: 'image', location: loc, currentValue: 'image' };
    }
  }
}

function describeControl(sdt: XmlElement, parent: XmlElement | undefined, loc: FieldLocation): FieldInfo | undefined {
  const info = readControl(sdt, parent);
  if (!info.isField) return undefined;
  const type = info.type === 'docPart' || info.type === 'other' ? 'richText' : info.type;
  const items = listItems(info);
  const dateFormat = dateFormatOf(info);
  return {
    name: info.name,
    source: 'content-control',
    type,
    location: loc,
    currentValue: controlValue(info),
    ...(info.tag !== undefined ? { tag: info.tag } : {}),
    ...(info.alias !== undefined ? { alias: info.alias } : {}),
    ...(info.id !== undefined ? { sdtId: info.id } : {}),
    ...(info.jsonGroup !== undefined ? { group: info.jsonGroup } : {}),
    level: info.level,
    ...(items.length > 0 ? { items } : {}),
    ...(dateFormat !== undefined ? { dateFormat } : {}),
    showingPlaceholder: info.showingPlaceholder,
  };
}

function runText(run: XmlElement): string {
  const t = firstChild(run, 'w:t');
  let s = '';
  for (const c of t?.children ?? []) if (c.kind === 'text') s += c.text;
  return s;
}
