/**
 * Canonical XML 1.0 without comments (W3C REC-xml-c14n-20010315) over engine/xml's tree, as
 * XML-DSig uses it for SignedInfo, same-document references and the OPC RelationshipTransform.
 *
 * engine/xml renames namespace prefixes to canonical ones (`ds:` for XML-DSig even when the file
 * used a default namespace). Canonical XML keeps prefixes, so callers pass a `PrefixRestore` that
 * maps the parser's prefixes back to the file's own (see `prefixRestoreFromSource`).
 */
import type { XmlElement, XmlNode } from '../../xml';

/** Maps a parser prefix to the prefix the source file used ('' for a default namespace). */
export type PrefixRestore = ReadonlyMap<string, string>;

/** Namespace context: prefix ('' for default) → URI. */
export type NsContext = ReadonlyMap<string, string>;

function restoreName(qname: string, restore: PrefixRestore): string {
  const colon = qname.indexOf(':');
  if (colon < 0) return qname;
  const prefix = qname.slice(0, colon);
  if (prefix === 'xml' || prefix === 'xmlns') {
    if (prefix === 'xmlns') {
      const declared = qname.slice(colon + 1);
      const r = restore.get(declared);
      return r === undefined ? qname : r === '' ? 'xmlns' : `xmlns:${r}`;
    }
    return qname;
  }
  const r = restore.get(prefix);
  if (r === undefined) return qname;
  return r === '' ? qname.slice(colon + 1) : `${r}:${qname.slice(colon + 1)}`;
}

/** Escapes attribute values (C14N §2.2: &, <, ", #x9, #xA, #xD). */
function escapeAttr(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/\t/g, '&#x9;').replace(/\n/g, '&#xA;').replace(/\r/g, '&#xD;');
}

/** Escapes text (C14N §2.2: &, <, >, #xD); line ends are first normalised as an XML parser must (XML 1.0 §2.11). */
function escapeText(v: string): string {
  return v.replace(/\r\n?/g, '\n').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
}

/** The namespace declarations an element makes, with restored prefixes. */
function declarations(el: XmlElement, restore: PrefixRestore): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of Object.entries(el.attrs)) {
    if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue;
    const r = restoreName(name, restore);
    out.set(r === 'xmlns' ? '' : r.slice(6), value);
  }
  return out;
}

/** The in-scope namespaces at `el` given its ancestors' context. */
export function scopeOf(el: XmlElement, parent: NsContext, restore: PrefixRestore): Map<string, string> {
  const ctx = new Map(parent);
  for (const [p, uri] of declarations(el, restore)) ctx.set(p, uri);
  return ctx;
}

/** Canonicalises `el` and its subtree; `ancestors` is the namespace context of its parent. */
export function canonicalize(el: XmlElement, ancestors: NsContext, restore: PrefixRestore): string {
  const out: string[] = [];
  writeElement(el, ancestors, new Map(), restore, out, true);
  return out.join('');
}

function writeElement(el: XmlElement, parentCtx: NsContext, rendered: NsContext, restore: PrefixRestore, out: string[], apex: boolean): void {
  const ctx = scopeOf(el, parentCtx, restore);
  const name = restoreName(el.name, restore);
  // Namespace nodes (C14N §2.3): at the apex all in scope; below it, those that differ from the output parent.
  const ns: Array<[string, string]> = [];
  const nextRendered = new Map(rendered);
  for (const [p, uri] of ctx) {
    if (p === 'xml') continue;
    const prev = rendered.get(p);
    if (p === '' && uri === '' && (prev === undefined || prev === '')) continue;
    if (apex || prev !== uri) {
      ns.push([p, uri]);
      nextRendered.set(p, uri);
    }
  }
  ns.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const attrs: Array<{ uri: string; local: string; text: string }> = [];
  for (const [raw, value] of Object.entries(el.attrs)) {
    if (raw === 'xmlns' || raw.startsWith('xmlns:')) continue;
    const qn = restoreName(raw, restore);
    const colon = qn.indexOf(':');
    const uri = colon < 0 ? '' : qn.startsWith('xml:') ? 'http://www.w3.org/XML/1998/namespace' : ctx.get(qn.slice(0, colon)) ?? '';
    attrs.push({ uri, local: colon < 0 ? qn : qn.slice(colon + 1), text: ` ${qn}="${escapeAttr(value)}"` });
  }
  attrs.sort((a, b) => (a.uri !== b.uri ? (a.uri < b.uri ? -1 : 1) : a.local < b.local ? -1 : a.local > b.local ? 1 : 0));
  out.push('<', name);
  for (const [p, uri] of ns) out.push(p === '' ? ` xmlns="${escapeAttr(uri)}"` : ` xmlns:${p}="${escapeAttr(uri)}"`);
  for (const a of attrs) out.push(a.text);
  out.push('>');
  for (const c of el.children) writeNode(c, ctx, nextRendered, restore, out);
  out.push('</', name, '>');
}

function writeNode(n: XmlNode, ctx: NsContext, rendered: NsContext, restore: PrefixRestore, out: string[]): void {
  if (n.kind === 'element') writeElement(n, ctx, rendered, restore, out, false);
  else if (n.kind === 'text') out.push(escapeText(n.text));
  else if (n.kind === 'pi') out.push(`<?${n.target}${n.data ? ' ' + n.data : ''}?>`);
  // Comments are dropped (the "without comments" variant).
}

/**
 * Learns how the source spelled each namespace the parser renamed: scans the raw text's
 * `xmlns[:p]="uri"` declarations and maps the parser's canonical prefix back to the file's prefix
 * when the file used exactly one spelling for that URI.
 */
export function prefixRestoreFromSource(source: string, canonicalPrefix: ReadonlyMap<string, string>): Map<string, string> {
  const spellings = new Map<string, Set<string>>();
  const re = /\sxmlns(?::([A-Za-z_][\w.-]*))?\s*=\s*(["'])([^"']*)\2/g;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    const set = spellings.get(m[3]!) ?? new Set<string>();
    set.add(m[1] ?? '');
    spellings.set(m[3]!, set);
  }
  const restore = new Map<string, string>();
  for (const [uri, set] of spellings) {
    const canonical = canonicalPrefix.get(uri);
    if (canonical === undefined || set.size !== 1) continue;
    const original = [...set][0]!;
    if (original !== canonical) restore.set(canonical, original);
  }
  return restore;
}
