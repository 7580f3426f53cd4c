/**
 * What each object of a revision is for: page tree, page content, resources (XObjects, fonts,
 * optional content), annotations and their appearances, the form, signatures, the DSS, metadata.
 * Changes after signing are judged by the role the changed object had in the signed revision
 * (ISO 32000-1 §7.7.3 page tree, §7.8 content streams and resources, §12.5 annotations, §12.7 forms).
 */
import type { PdfDict, PdfDocument, PdfObject } from '../pdf';
import { decodePdfText, isArray, isDict, isName, isRef, isStream, isString } from '../pdf';
import type { FormField } from './fields';
import { listFormFields } from './fields';

/** The role of an object in a revision. */
export type Role =
  | 'catalog'
  | 'page-tree'
  | 'page'
  | 'content'
  | 'resources'
  | 'xobject'
  | 'font'
  | 'optional-content'
  | 'annotation'
  | 'widget'
  | 'appearance'
  | 'acroform'
  | 'field'
  | 'signature'
  | 'dss'
  | 'metadata'
  | 'info';

/** Roles of the objects of one revision. */
export interface RoleMap {
  readonly roles: Map<number, Set<Role>>;
  /** Widget or annotation object numbers that use an appearance stream. */
  readonly appearanceOwners: Map<number, Set<number>>;
  /** Page index (0-based) of page objects and their content streams. */
  readonly pageIndex: Map<number, number>;
  /** Fields of the AcroForm, then widgets with field entries that only a page lists. */
  readonly fields: FormField[];
  readonly fieldByWidget: Map<number, FormField>;
  readonly catalogNum: number;
}

const MAX_DEPTH = 24;
const MAX_PAGES = 100_000;

/** Maps the roles of a revision's objects. */
export function mapRoles(doc: PdfDocument): RoleMap {
  const roles = new Map<number, Set<Role>>();
  const add = (o: PdfObject | undefined, role: Role): boolean => {
    if (!isRef(o)) return false;
    let s = roles.get(o.num);
    if (!s) roles.set(o.num, (s = new Set()));
    if (s.has(role)) return false;
    s.add(role);
    return true;
  };
  const root = doc.trailer.entries.get('Root');
  const map: RoleMap = { roles, appearanceOwners: new Map(), pageIndex: new Map(), fields: listFormFields(doc), fieldByWidget: new Map(), catalogNum: isRef(root) ? root.num : 0 };
  add(root, 'catalog');
  add(doc.trailer.entries.get('Info'), 'info');
  const cat = doc.catalog();
  if (!cat) return map;
  const walker = new Walker(doc, map, add);
  walker.form(cat.entries.get('AcroForm'));
  walker.pageTree(cat.entries.get('Pages'), undefined, 0);
  walker.tagged(cat.entries.get('DSS'), 'dss', 3);
  add(cat.entries.get('Metadata'), 'metadata');
  walker.tagged(cat.entries.get('OCProperties'), 'optional-content', 3);
  return map;
}

class Walker {
  private pages = 0;
  private readonly visitedResources = new Set<number>();

  constructor(
    private readonly doc: PdfDocument,
    private readonly map: RoleMap,
    private readonly add: (o: PdfObject | undefined, role: Role) => boolean,
  ) {}

  pageTree(node: PdfObject | undefined, inheritedResources: PdfObject | undefined, depth: number): void {
    if (depth > MAX_DEPTH || this.pages > MAX_PAGES) return;
    const d = this.doc.resolveDict(node);
    if (!d) return;
    const kids = this.doc.resolve(d.entries.get('Kids'));
    const resources = d.entries.get('Resources') ?? inheritedResources;
    if (isArray(kids) && !isName(d.entries.get('Type'), 'Page')) {
      if (!this.add(node, 'page-tree')) return;
      this.add(d.entries.get('Kids'), 'page-tree');
      for (const k of kids.items) this.pageTree(k, resources, depth + 1);
      return;
    }
    if (!this.add(node, 'page')) return;
    const index = this.pages++;
    if (isRef(node)) this.map.pageIndex.set(node.num, index);
    this.contents(d.entries.get('Contents'), index);
    this.resources(resources, 'resources', 0);
    this.annotations(d.entries.get('Annots'));
  }

  private contents(o: PdfObject | undefined, page: number): void {
    const v = this.doc.resolve(o);
    if (isArray(v)) {
      this.add(o, 'content');
      for (const s of v.items) if (this.add(s, 'content') && isRef(s)) this.map.pageIndex.set(s.num, page);
    } else if (this.add(o, 'content') && isRef(o)) this.map.pageIndex.set(o.num, page);
  }

  /** Walks a resource dictionary; inside appearance streams everything is tagged `appearance`. */
  private resources(o: PdfObject | undefined, as: 'resources' | 'appearance', depth: number): void {
    if (depth > MAX_DEPTH) return;
    if (isRef(o)) {
      if (this.visitedResources.has(o.num * 2 + (as === 'appearance' ? 1 : 0))) return;
      this.visitedResources.add(o.num * 2 + (as === 'appearance' ? 1 : 0));
    }
    this.add(o, as);
    const d = this.doc.resolveDict(o);
    if (!d) return;
    const sub = (key: string): PdfDict | undefined => {
      this.add(d.entries.get(key), as);
      return this.doc.resolveDict(d.entries.get(key));
    };
    for (const [, x] of sub('XObject')?.entries ?? []) {
      this.add(x, as === 'appearance' ? 'appearance' : 'xobject');
      const xd = this.doc.resolveDict(x);
      if (xd && isName(xd.entries.get('Subtype'), 'Form')) this.resources(xd.entries.get('Resources'), as, depth + 1);
    }
    for (const [, f] of sub('Font')?.entries ?? []) this.tagged(f, as === 'appearance' ? 'appearance' : 'font', 3);
    for (const [, p] of sub('Properties')?.entries ?? []) this.add(p, 'optional-content');
    for (const key of ['ExtGState', 'ColorSpace', 'Pattern', 'Shading']) for (const [, x] of sub(key)?.entries ?? []) this.add(x, as);
  }

  private annotations(o: PdfObject | undefined): void {
    const list = this.doc.resolve(o);
    if (!isArray(list)) return;
    this.add(o, 'annotation');
    for (const a of list.items) {
      const d = this.doc.resolveDict(a);
      if (!d) continue;
      const widget = isName(d.entries.get('Subtype'), 'Widget');
      this.add(a, widget ? 'widget' : 'annotation');
      if (widget && isRef(a) && !this.map.fieldByWidget.has(a.num)) this.danglingField(a.num, d);
      this.appearances(a, d);
    }
  }

  private appearances(owner: PdfObject, d: PdfDict): void {
    const ap = d.entries.get('AP');
    this.add(ap, 'appearance');
    const apd = this.doc.resolveDict(ap);
    if (!apd || !isRef(owner)) return;
    for (const key of ['N', 'R', 'D']) {
      const entry = apd.entries.get(key);
      const v = this.doc.resolve(entry);
      const streams: PdfObject[] = isStream(v) ? [entry!] : isDict(v) ? (this.add(entry, 'appearance'), [...v.entries.values()]) : [];
      for (const s of streams) {
        if (!isRef(s)) continue;
        this.add(s, 'appearance');
        let owners = this.map.appearanceOwners.get(s.num);
        if (!owners) this.map.appearanceOwners.set(s.num, (owners = new Set()));
        owners.add(owner.num);
        const sd = this.doc.resolveDict(s);
        this.resources(sd?.entries.get('Resources'), 'appearance', 1);
      }
    }
  }

  /** A widget the AcroForm does not list: treated as its own field so value changes can be told apart. */
  private danglingField(num: number, d: PdfDict): void {
    const t = this.doc.resolve(d.entries.get('T'));
    const ft = this.doc.resolve(d.entries.get('FT'));
    const field: FormField = {
      name: isString(t) ? decodePdfText(t) : `(widget ${num})`,
      num,
      dict: d,
      ...(isName(ft) ? { type: ft.value } : {}),
      ...(d.entries.has('V') ? { value: d.entries.get('V') } : {}),
      widgets: [num],
      dangling: true,
    };
    this.map.fields.push(field);
    this.map.fieldByWidget.set(num, field);
  }

  form(o: PdfObject | undefined): void {
    this.add(o, 'acroform');
    const acro = this.doc.resolveDict(o);
    if (!acro) return;
    this.add(acro.entries.get('Fields'), 'acroform');
    this.add(acro.entries.get('DR'), 'acroform');
    this.tagged(acro.entries.get('Fields'), 'field', MAX_DEPTH, true);
    for (const f of this.map.fields) {
      for (const w of f.widgets) {
        this.map.fieldByWidget.set(w, f);
        const wd = this.doc.getObject(w);
        this.add({ kind: 'ref', num: w, gen: 0 }, 'widget');
        if (isDict(wd)) this.appearances({ kind: 'ref', num: w, gen: 0 }, wd);
      }
      if (f.type === 'Sig') this.add(f.value, 'signature');
    }
  }

  /** Tags an object and everything it references (to `depth` levels) with one role. */
  tagged(o: PdfObject | undefined, role: Role, depth: number, kidsOnly = false): void {
    if (depth < 0 || o === undefined) return;
    if (isRef(o) && !this.add(o, role)) return;
    const v = this.doc.resolve(o);
    const next = (x: PdfObject | undefined): void => this.tagged(x, role, depth - 1, kidsOnly);
    if (isArray(v)) for (const x of v.items) next(x);
    else if (isDict(v) || isStream(v)) {
      const d = isStream(v) ? v.dict : v;
      if (kidsOnly) next(d.entries.get('Kids'));
      else for (const x of d.entries.values()) next(x);
    }
  }
}
