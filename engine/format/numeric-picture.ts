/**
 * Numeric pictures of field switch `\#` (§17.16.4.2): `0` required digit, `#` optional digit (omitted
 * when absent; Word pads with spaces there, which only shifts text), `x` truncates digits to its left, `.` and `,` decimal point and
 * grouping, `-`/`+` signs, `;` positive;negative;zero sections, quoted literals.
 */

function splitSections(picture: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of picture) {
    if (ch === "'") quoted = !quoted;
    if (ch === ';' && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

const DIGIT_CHARS = new Set(['0', '#', 'x', '.', ',']);

/** Formats a number with a Word numeric picture. */
export function formatNumericPicture(value: number, picture: string): string {
  if (!Number.isFinite(value)) return String(value);
  const sections = splitSections(picture);
  let section = sections[0] ?? '';
  let v = value;
  let signHandled = false;
  if (value < 0 && sections.length > 1) {
    section = sections[1]!;
    v = -value;
    signHandled = true;
  } else if (value === 0 && sections.length > 2) {
    section = sections[2]!;
  }
  // Find the numeric mask: the first maximal run of digit characters outside quotes.
  let start = -1;
  let end = -1;
  let quoted = false;
  for (let i = 0; i < section.length; i++) {
    const ch = section[i]!;
    if (ch === "'") quoted = !quoted;
    if (quoted) continue;
    if (DIGIT_CHARS.has(ch) && (ch !== ',' && ch !== '.' ? true : start !== -1)) {
      if (start === -1) start = i;
      end = i + 1;
    } else if (start !== -1) break;
  }
  const literal = (s: string) => s.replace(/'([^']*)'?/g, '$1');
  if (start === -1) return literal(section);
  const mask = section.slice(start, end);
  let prefix = literal(section.slice(0, start));
  const suffix = literal(section.slice(end));
  const negative = v < 0;
  const abs = Math.abs(v);
  if (!signHandled && negative) {
    if (prefix.includes('-') || prefix.includes('+')) prefix = prefix.replace(/[-+]/, '-');
    else prefix = `-${prefix}`;
  } else if (!negative) {
    prefix = prefix.replace('+', '+').replace('-', ' ');
  }
  return prefix + applyMask(abs, mask) + suffix;
}

function applyMask(abs: number, mask: string): string {
  const dot = mask.indexOf('.');
  const intMask = dot === -1 ? mask : mask.slice(0, dot);
  const fracMask = dot === -1 ? '' : mask.slice(dot + 1).replace(/,/g, '');
  const decimals = fracMask.replace(/[^0#x]/g, '').length;
  const fixed = abs.toFixed(Math.min(decimals, 20));
  let [intDigits = '0', fracDigits = ''] = fixed.split('.');
  const xAt = intMask.lastIndexOf('x');
  const intSlots = intMask.replace(/[^0#x]/g, '');
  if (xAt !== -1) {
    const keep = intSlots.length - intSlots.indexOf('x');
    intDigits = intDigits.slice(-keep);
  }
  const grouping = intMask.includes(',');
  const required = (intSlots.match(/0/g) ?? []).length;
  if (intDigits === '0' && required === 0) intDigits = '';
  let digits = intDigits.padStart(required, '0');
  if (grouping) digits = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  let frac = '';
  if (decimals > 0) {
    let f = fracDigits.padEnd(decimals, '0');
    // Trailing optional decimal places (#) are dropped when zero.
    let k = decimals;
    while (k > 0 && fracMask.replace(/[^0#x]/g, '')[k - 1] === '#' && f[k - 1] === '0') k--;
    f = f.slice(0, k);
    frac = f.length > 0 ? `.${f}` : fracMask.includes('0') ? '.' : '';
  }
  return digits + frac;
}
