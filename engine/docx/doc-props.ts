/**
 * Document properties: docProps/core.xml (OPC core properties, Part 2 §11), app.xml (extended
 * properties, Part 1 §22.2) and custom.xml (custom properties, Part 1 §22.3).
 */
import type { DocProperties } from '../model';
import type { XmlElement } from '../xml';
import { attr, child, children, textContent } from '../xml';

/** Reads the three property parts (any may be absent). */
export function readDocProperties(core: XmlElement | undefined, app: XmlElement | undefined, custom: XmlElement | undefined): DocProperties {
  const p: { -readonly [K in keyof DocProperties]: DocProperties[K] } = { custom: readCustom(custom) };
  const text = (el: XmlElement | undefined, name: string) => {
    const c = child(el, name);
    const t = c ? textContent(c).trim() : '';
    return t === '' ? undefined : t;
  };
  const num = (name: string) => {
    const t = text(app, name);
    const n = t === undefined ? NaN : Number(t);
    return Number.isFinite(n) ? n : undefined;
  };
  const set = <K extends keyof DocProperties>(key: K, v: DocProperties[K] | undefined) => {
    if (v !== undefined) p[key] = v;
  };
  set('title', text(core, 'dc:title'));
  set('subject', text(core, 'dc:subject'));
  set('creator', text(core, 'dc:creator'));
  set('keywords', text(core, 'cp:keywords'));
  set('description', text(core, 'dc:description'));
  set('lastModifiedBy', text(core, 'cp:lastModifiedBy'));
  set('revision', text(core, 'cp:revision'));
  set('category', text(core, 'cp:category'));
  set('created', text(core, 'dcterms:created'));
  set('modified', text(core, 'dcterms:modified'));
  set('lastPrinted', text(core, 'cp:lastPrinted'));
  set('application', text(app, 'ep:Application'));
  set('company', text(app, 'ep:Company'));
  set('manager', text(app, 'ep:Manager'));
  set('template', text(app, 'ep:Template'));
  set('pages', num('ep:Pages'));
  set('words', num('ep:Words'));
  set('characters', num('ep:Characters'));
  set('totalEditingMinutes', num('ep:TotalTime'));
  return p;
}

function readCustom(root: XmlElement | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const prop of children(root, 'op:property')) {
    const name = attr(prop, 'name');
    if (!name || name in out) continue;
    const value = prop.children.find((c) => c.kind === 'element');
    out[name] = value ? textContent(value) : '';
  }
  return out;
}
