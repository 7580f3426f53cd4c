/**
 * parseDocx: DOCX bytes → DocModel. Opens the package, reads theme, settings, styles and numbering
 * once, then the body (in sections), headers and footers, notes and comments, collecting media,
 * charts and diagnostics. Pure and synchronous; never throws.
 */
import {
  abort, checkCancelled, DiagnosticBag, fail, guard, resolveLimits, type EngineHost, type InputLimits, type Result,
} from '../core';
import type { DocModel, DocSettings, FontDeclaration, FontGeneric, HeaderFooter, Section } from '../model';
import { child, type XmlElement } from '../xml';
import { readBody } from './body';
import { type DocxContext, type TrackedChangesView, warnUnsupported } from './context';
import { MAX_EQ_NODES } from './eq-field';
import { readDocProperties } from './doc-props';
import { readEmbeddedFonts } from './embedded-fonts';
import type { PropsEnv } from './env';
import { readFontTable } from './font-table';
import { readBackgroundFill } from './picture-fill';
import { newCaches } from './intern';
import { emptyNumbering, readNumbering } from './numbering';
import { openPackage, type DocxPackage } from './package';
import { readSettings, readThemeFontLang } from './settings';
import { readComments, readHeaderFooter, readNotes } from './stories';
import { applyRevisionView } from './revision-view';
import { emptyStyles, readStyles } from './styles';
import { regenerateTocs } from './toc';
import { readColorMapping, readTheme, wmlColor } from './theme';

/** Options of parseDocx. */
export interface ParseDocxOptions {
  /** Which view of tracked changes to produce: all markup (default), accepted (`final`) or rejected (`original`). */
  readonly trackedChanges?: TrackedChangesView;
  /** The input's file name, for FILENAME fields. */
  readonly fileName?: string;
  readonly limits?: Partial<InputLimits>;
  /** Turn warnings into errors. */
  readonly strict?: boolean;
  /**
   * Table-of-contents fields: rebuilt from the headings with the laid-out page numbers (default,
   * `regenerate`), or shown as the document saved them (`cached`, what Word prints unless told to
   * update fields).
   */
  readonly tocs?: 'regenerate' | 'cached';
}

/** Parses a DOCX package into a DocModel (see the folder's index.ts for what it covers). Never throws. */
export function parseDocx(bytes: Uint8Array, options: ParseDocxOptions = {}, host: EngineHost = {}): Result<DocModel> {
  const bag = new DiagnosticBag();
  const result = guard('docx', bag, () => buildModel(bytes, options, host, bag));
  if (options.strict && result.ok && result.warnings.length > 0) {
    return fail(result.warnings.map((w) => ({ ...w, severity: 'error' as const })), []);
  }
  return result;
}

function partOf(pkg: DocxPackage, type: string): string | undefined {
  const rel = pkg.relOfType(pkg.mainPart, type);
  return rel ? pkg.zip.find(rel.target)?.name ?? rel.target : undefined;
}

function buildModel(bytes: Uint8Array, options: ParseDocxOptions, host: EngineHost, bag: DiagnosticBag): DocModel {
  if (!(bytes instanceof Uint8Array)) abort('docx/bad-input', 'parseDocx expects the file as a Uint8Array.');
  const pkg = openPackage(bytes, resolveLimits(options.limits), bag, host.inflateRaw, host.crc32);
  const docRoot = pkg.xml(pkg.mainPart, true)!;
  const body = child(docRoot, 'w:body');
  if (docRoot.name !== 'w:document' || !body) {
    abort('docx/no-main-document', `The main part ${pkg.mainPart} is not a WordprocessingML document (its root is <${docRoot.name}>).`, { at: pkg.mainPart });
  }
  checkCancelled(host);
  const fontTablePart = partOf(pkg, 'fontTable');
  const fontTable = readFontTable(pkg.xml(fontTablePart ?? ''));
  const ctx = readDocumentParts(pkg, docRoot, fontTable.fonts, options, host, bag);
  const read = readBody(ctx, applyRevisionView(body, ctx.view));
  const sections = options.tocs === 'cached' ? read : regenerateTocs(ctx, read);
  checkCancelled(host);
  const styleNames: Record<string, string> = {};
  for (const [id, def] of ctx.styles.styles) if (def.type === 'paragraph' && def.name) styleNames[id] = def.name;
  const model: DocModel = {
    kind: 'document',
    sections,
    headerFooters: readHeadersAndFooters(ctx, sections),
    footnotes: readNotes(ctx, partOf(pkg, 'footnotes'), 'footnote'),
    endnotes: readNotes(ctx, partOf(pkg, 'endnotes'), 'endnote'),
    comments: readComments(ctx, partOf(pkg, 'comments')),
    media: ctx.media,
    charts: ctx.charts,
    fonts: fontTable.fonts,
    embeddedFonts: fontTablePart ? readEmbeddedFonts(ctx, fontTablePart, fontTable.embeds) : [],
    settings: withBackgroundFill(ctx, child(docRoot, 'w:background')),
    properties: ctx.properties,
    styleNames,
    revisionAuthors: ctx.authors,
    ...(options.fileName !== undefined ? { fileName: options.fileName } : {}),
  };
  host.onProgress?.({ stage: 'parse', done: 1, total: 1 });
  return model;
}

/** The settings with the page background's fill effect, when it has one. */
function withBackgroundFill(ctx: DocxContext, background: XmlElement | undefined): DocSettings {
  const fill = readBackgroundFill(ctx, background, ctx.settings.background);
  return fill ? { ...ctx.settings, backgroundFill: fill } : ctx.settings;
}

/** Reads what every story needs, once: theme, settings, styles, numbering, properties, font generics. */
function readDocumentParts(
  pkg: DocxPackage, docRoot: XmlElement, fonts: readonly FontDeclaration[], options: ParseDocxOptions, host: EngineHost, bag: DiagnosticBag,
): DocxContext {
  const settingsRoot = pkg.xml(partOf(pkg, 'settings') ?? '');
  const themePart = partOf(pkg, 'theme');
  const env: PropsEnv = {
    theme: readTheme(pkg.xml(themePart ?? ''), themePart),
    mapping: readColorMapping(child(settingsRoot, 'w:clrSchemeMapping')),
    themeFontLang: readThemeFontLang(settingsRoot),
  };
  const stylesPart = partOf(pkg, 'styles') ?? '';
  const stylesRoot = pkg.xml(stylesPart);
  const unknown = (at: string) => (n: string) => warnUnsupported(bag, n, at);
  const styles = stylesRoot ? readStyles(env, stylesRoot, unknown(stylesPart)) : emptyStyles();
  const numberingPart = partOf(pkg, 'numbering') ?? '';
  const numberingRoot = pkg.xml(numberingPart);
  const numbering = numberingRoot ? readNumbering(env, numberingRoot, styles, unknown(numberingPart), numberingPart) : emptyNumbering();
  const bgEl = child(docRoot, 'w:background');
  const bg = bgEl ? wmlColor(env.theme, env.mapping, bgEl, 'w:color', 'w:themeColor', 'w:themeTint', 'w:themeShade') : undefined;
  const pkgRel = (type: string) => {
    const rel = pkg.relOfType('', type);
    return rel ? pkg.xml(rel.target) : undefined;
  };
  const fontDecls = new Map<string, FontDeclaration>(fonts.map((f) => [f.name, f]));
  return {
    pkg, bag, host, view: options.trackedChanges ?? 'markup', env, styles, numbering,
    settings: readSettings(settingsRoot, bg && bg !== 'auto' ? bg : undefined),
    properties: readDocProperties(pkgRel('metadata/core-properties'), pkgRel('extended-properties'), pkgRel('custom-properties')),
    media: {}, charts: {}, authors: [], authorIndex: new Map(), depth: 0, caches: newCaches(), vmlShapeTypes: new Map(), eqNodesLeft: MAX_EQ_NODES,
    declared: (font: string) => fontDecls.get(font),
    ...(options.fileName !== undefined ? { fileName: options.fileName } : {}),
  };
}

/** Reads every header and footer part the sections refer to, once each. */
function readHeadersAndFooters(ctx: DocxContext, sections: readonly Section[]): Record<string, HeaderFooter> {
  const out: Record<string, HeaderFooter> = {};
  for (const s of sections) {
    for (const refs of [s.props.headers, s.props.footers]) {
      for (const part of [refs.default, refs.first, refs.even]) {
        if (part && !out[part]) out[part] = readHeaderFooter(ctx, part);
      }
    }
  }
  return out;
}
