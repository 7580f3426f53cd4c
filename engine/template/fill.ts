/**
 * fillTemplate: the templating stage. Opens the package, fills every story part (body, headers,
 * footers, footnotes, endnotes; text boxes and tables within them), repairs structure, and writes a
 * package in which only the changed parts differ from the input.
 */
import { DiagnosticBag, error, fail, guard, resolveLimits, type Diagnostic, type EngineHost, type Result } from '../core';
import type { XmlElement } from '../xml';
import { ReportBuilder, type FillContext } from './context';
import { IdAllocator } from './ids';
import { isImageDataUrl } from './image';
import { TemplatePackage, type StoryPart } from './package';
import { renderContent } from './render';
import { flattenControls, repairStructure } from './repair';
import { parseFillRequest } from './request';
import { RequestSource, Scope } from './scope';
import { resolveDelimiters } from './tags';
import { loadSignatureFonts, type SignatureFonts } from './typed-signature';
import type { FillOptions, FillRequest, FillResult } from './types';
import { firstChild } from './wml';

const EMU_PER_TWIP = 635;
const DEFAULT_TEXT_WIDTH_TW = 9360; // 6.5 in: Letter or A4 with Word's default margins

/**
 * Fills a DOCX template from a request (`fields` list and/or `data` object) and returns the new
 * package with a report of filled, missing and unknown fields. Never throws.
 */
export async function fillTemplate(docx: Uint8Array, request: FillRequest, options: FillOptions = {}, host: EngineHost = {}): Promise<Result<FillResult>> {
  const bag = new DiagnosticBag();
  const delims = resolveDelimiters(options.delimiters);
  if (!delims) {
    return fail(error('template/bad-delimiters', `The delimiters ${JSON.stringify(options.delimiters)} are not usable.`, {
      hint: "Give two non-empty markers of at most 8 characters separated by a space, e.g. '{{ }}' or '{ }'.",
    }));
  }
  const req = parseFillRequest(request);
  if (!req.ok) return req;
  bag.addAll(req.warnings);
  let fonts: SignatureFonts | undefined;
  if (needsTypedSignature(req.value)) {
    try {
      fonts = await loadSignatureFonts(host);
    } catch (e) {
      bag.warn('template/signature-font', `The signature font could not be loaded: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const filled = guard('template', bag, () => writeFilled(fillPackage(docx, req.value, options, host, bag, delims, fonts)));
  if (!filled.ok || !options.strict) return filled;
  const problems: Diagnostic[] = [
    ...filled.value.report.missing.map((n) => error('template/missing-field', `Template field '${n}' got no value.`, { hint: 'Give a value for it, or fill without strict.' })),
    ...filled.value.report.unknown.map((n) => error('template/unknown-field', `'${n}' matches no field of the template.`, { hint: 'Check the name against `colophon fields`.' })),
    ...filled.warnings.filter((w) => w.severity === 'warning').map((w) => ({ ...w, severity: 'error' as const })),
  ];
  return problems.length > 0 ? fail(problems, []) : filled;
}

function fillPackage(
  docx: Uint8Array,
  request: FillRequest,
  options: FillOptions,
  host: EngineHost,
  bag: DiagnosticBag,
  delims: { start: string; end: string },
  fonts: SignatureFonts | undefined,
): FilledPackage {
  const limits = resolveLimits(options.limits);
  const pkg = new TemplatePackage(docx, limits);
  bag.addAll(pkg.zipWarnings);
  const stories = pkg.stories();
  const ids = new IdAllocator();
  for (const s of stories) ids.scan(pkg.xml(s.name).root);
  const main = stories[0]!.name;
  const ctx: FillContext = {
    pkg,
    host,
    bag,
    ids,
    values: { host, signatureFonts: fonts, images: new Map(), warn: (code, message) => bag.warn(code, message) },
    report: new ReportBuilder(),
    delims,
    flatten: options.flatten === true,
    removeMissing: options.removeMissing === true,
    textWidthEmu: textWidthTwips(pkg.xml(main).root) * EMU_PER_TWIP,
    defaultTableStyle: defaultTableStyle(pkg, main),
    budget: Math.min(limits.maxXmlElements, limits.maxFillElements),
    part: main,
    story: 'body',
  };
  const scope = new Scope(new RequestSource(request.fields ?? [], request.data as Record<string, unknown> | undefined));
  fillStories(ctx, stories, scope);
  const { filled, missing } = ctx.report.result();
  return { pkg, report: { filled, missing, unknown: scope.root.unused() } };
}

/** A filled package before it is written. */
interface FilledPackage {
  readonly pkg: TemplatePackage;
  readonly report: FillResult['report'];
}

/**
 * Writes the filled package. Called once fillPackage has returned, so none of the fill's variables
 * still holds a part's tree: writing releases the trees before it compresses.
 */
function writeFilled(f: FilledPackage): FillResult {
  return { docx: f.pkg.toBytes(), report: f.report };
}

/**
 * Fills each story part in place. A function of its own so that no variable of the caller's still
 * holds a part's tree when the package is written (which releases the trees before compressing).
 */
function fillStories(ctx: FillContext, stories: readonly StoryPart[], scope: Scope): void {
  const { pkg, host } = ctx;
  for (const s of stories) {
    ctx.part = s.name;
    ctx.story = s.story;
    const root = pkg.xml(s.name).root;
    const found = renderContent(ctx, root, scope);
    const flattened = ctx.flatten ? flattenControls(root) : 0;
    if (found === 0 && flattened === 0) continue;
    repairStructure(root);
    pkg.touch(s.name);
    host.onProgress?.({ stage: 'fill', done: stories.indexOf(s) + 1, total: stories.length });
  }
}

/** The main section's text width in twips (page width minus left and right margins, §17.6.13/§17.6.11). */
function textWidthTwips(documentRoot: XmlElement): number {
  const body = firstChild(documentRoot, 'w:body');
  const kids = body ? body.children.filter((c): c is XmlElement => c.kind === 'element') : [];
  const sect = kids.find((c) => c.name === 'w:sectPr');
  const w = Number(firstChild(sect, 'w:pgSz')?.attrs['w:w']);
  const mar = firstChild(sect, 'w:pgMar');
  const l = Number(mar?.attrs['w:left'] ?? 0);
  const r = Number(mar?.attrs['w:right'] ?? 0);
  const width = w - l - r;
  return Number.isFinite(width) && width > 720 && width < 200_000 ? width : DEFAULT_TEXT_WIDTH_TW;
}

function defaultTableStyle(pkg: TemplatePackage, main: string): string | undefined {
  const styles = pkg.relatedPart(main, 'styles');
  if (!styles) return undefined;
  for (const s of pkg.xml(styles).root.children) {
    if (s.kind !== 'element' || s.name !== 'w:style') continue;
    if (s.attrs['w:type'] === 'table' && (s.attrs['w:default'] === '1' || s.attrs['w:default'] === 'true')) return s.attrs['w:styleId'];
  }
  return undefined;
}

/** True when the request has a signature given as a name (so the script font must be loaded). */
function needsTypedSignature(req: FillRequest): boolean {
  for (const f of req.fields ?? []) if (f.type === 'signature' && typeof f.value === 'string' && !isImageDataUrl(f.value)) return true;
  const stack: unknown[] = [req.data];
  let budget = 100_000;
  while (stack.length && budget-- > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (Array.isArray(v)) {
      stack.push(...v.slice(0, 10_000));
      continue;
    }
    const o = v as Record<string, unknown>;
    if (o.type === 'signature' && typeof o.value === 'string' && !isImageDataUrl(o.value)) return true;
    for (const k of Object.keys(o)) stack.push(o[k]);
  }
  return false;
}

