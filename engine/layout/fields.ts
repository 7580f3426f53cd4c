/**
 * Fields computed from the layout (§17.16.5): PAGE, NUMPAGES, SECTIONPAGES and PAGEREF, with the
 * `\*` format switches and `\#` numeric pictures. Other fields show the result the reader gave them.
 */
import { applyTextSwitch, formatNumber, formatNumberSwitch, formatNumericPicture, isNumberSwitch } from '../format';
import type { FieldInline, NumberFormat } from '../model';

/** Facts a field may print. Undefined totals mean "not known yet": the cached result is used. */
export interface FieldFacts {
  readonly pageNumber?: number;
  readonly pageFormat: NumberFormat;
  readonly numPages?: number;
  readonly sectionPages?: number;
  bookmarkPage(name: string): string | undefined;
}

/** The text of a layout-dependent field, or undefined to show its cached result. */
export function evaluateField(f: FieldInline, facts: FieldFacts): string | undefined {
  const name = f.instruction.name;
  switch (name) {
    case 'PAGE':
      return facts.pageNumber === undefined ? undefined : formatted(facts.pageNumber, f, facts.pageFormat);
    case 'NUMPAGES':
      return facts.numPages === undefined ? undefined : formatted(facts.numPages, f, 'decimal');
    case 'SECTIONPAGES':
      return facts.sectionPages === undefined ? undefined : formatted(facts.sectionPages, f, 'decimal');
    case 'PAGEREF': {
      const target = f.instruction.args[0];
      const label = target ? facts.bookmarkPage(target) : undefined;
      return label === undefined ? undefined : applySwitches(label, f);
    }
    default:
      return undefined;
  }
}

/** Formats a page number in a section's page-number format (w:pgNumType/@w:fmt). */
export function formatPageNumber(n: number, format: NumberFormat): string {
  return formatNumber(n, format);
}

function formatted(n: number, f: FieldInline, base: NumberFormat): string {
  let text: string | undefined;
  for (const [sw, arg] of f.instruction.switches) {
    if (sw === '\\*' && arg && isNumberSwitch(arg)) text = formatNumberSwitch(n, arg);
    else if (sw === '\\#' && arg) text = formatNumericPicture(n, arg);
  }
  return applySwitches(text ?? formatNumber(n, base), f);
}

function applySwitches(text: string, f: FieldInline): string {
  let out = text;
  for (const [sw, arg] of f.instruction.switches) if (sw === '\\*' && arg && !isNumberSwitch(arg)) out = applyTextSwitch(out, arg);
  return out;
}
