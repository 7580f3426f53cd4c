/**
 * Chart number formats: the subset of spreadsheet format codes (ECMA-376 Part 1 §18.8.31, numFmt
 * formatCode) that chart axes and data labels use — General, 0, 0.0, #,##0, 0%, 0.00E+00, currency
 * and literal text, sections for negatives and zero, thousands scaling, and date codes (m/d/yyyy,
 * mmm-yy, d-mmm...) for date axes. Separators are the en-US ones ('.' and ',').
 */
import { decade, pow10 } from './math';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Formats a number with a spreadsheet format code (undefined or "General" → General). */
export function formatChartNumber(value: number, code: string | undefined): string {
  if (!Number.isFinite(value)) return '';
  if (!code || /^general$/i.test(code.trim())) return formatGeneral(value);
  const sections = splitSections(code);
  let section = sections[0]!;
  let v = value;
  if (value < 0 && sections.length > 1) {
    section = sections[1]!;
    v = -value;
  } else if (value === 0 && sections.length > 2) section = sections[2]!;
  section = section.replace(/\[(?:[a-z]+\d*|color\s*\d+|[<>=]+[-\d.]+)\]/gi, '');
  if (/^general$/i.test(section.trim())) return (v < 0 ? '-' : '') + formatGeneral(Math.abs(v));
  if (isDateCode(section)) return formatDate(v, section);
  return formatWithPattern(v, section);
}

/** Excel's General: up to 10 significant digits, whole numbers up to 15 digits, scientific for very large or very small values. */
export function formatGeneral(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (value === 0) return '0';
  const a = Math.abs(value);
  if ((a >= 1e11 && !(Number.isInteger(a) && a < 1e15)) || a < 1e-5) return scientific(value, 2);
  const digits = Math.max(0, Math.min(10, 9 - decade(a)));
  let s = a.toFixed(digits);
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  return (value < 0 && s !== '0' ? '-' : '') + s;
}

function scientific(value: number, decimals: number): string {
  const e = decade(value);
  let m = Math.abs(value) / pow10(e);
  let exp = e;
  let mant = m.toFixed(decimals);
  if (Number(mant) >= 10) {
    exp++;
    m /= 10;
    mant = m.toFixed(decimals);
  }
  if (decimals > 0) mant = mant.replace(/0+$/, '').replace(/\.$/, '');
  return `${value < 0 ? '-' : ''}${mant}E${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
}

/** Splits a code at ';' outside quotes, brackets and escapes. */
function splitSections(code: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  let bracket = false;
  for (let i = 0; i < code.length; i++) {
    const ch = code[i]!;
    if (ch === '\\' && !quoted) {
      cur += ch + (code[i + 1] ?? '');
      i++;
      continue;
    }
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '[') bracket = true;
    else if (!quoted && ch === ']') bracket = false;
    if (ch === ';' && !quoted && !bracket) {
      out.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  out.push(cur);
  return out.slice(0, 4);
}

/** Literal text of a code with quotes, escapes, fill (*x) and padding (_x) resolved; digits as '#'. */
interface Token {
  readonly kind: 'lit' | 'code';
  readonly text: string;
}

function tokenize(section: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < section.length; i++) {
    const ch = section[i]!;
    if (ch === '"') {
      const end = section.indexOf('"', i + 1);
      const stop = end < 0 ? section.length : end;
      out.push({ kind: 'lit', text: section.slice(i + 1, stop) });
      i = stop;
    } else if (ch === '\\') {
      out.push({ kind: 'lit', text: section[i + 1] ?? '' });
      i++;
    } else if (ch === '_') {
      out.push({ kind: 'lit', text: ' ' });
      i++;
    } else if (ch === '*') i++;
    else if (ch === '[') {
      // [$€-407]: a currency or locale tag; its symbol (before '-') is literal text.
      const end = section.indexOf(']', i);
      const body = section.slice(i + 1, end < 0 ? section.length : end);
      if (body.startsWith('$')) out.push({ kind: 'lit', text: body.slice(1).split('-')[0]! });
      i = end < 0 ? section.length : end;
    } else out.push({ kind: 'code', text: ch });
  }
  return out;
}

function isDateCode(section: string): boolean {
  const codes = tokenize(section).filter((t) => t.kind === 'code').map((t) => t.text).join('');
  return /[ymdhs]/i.test(codes) && !/[0#?]/.test(codes.replace(/[ymdhs]/gi, ''));
}

function formatWithPattern(value: number, section: string): string {
  const tokens = tokenize(section);
  const codeText = tokens.filter((t) => t.kind === 'code').map((t) => t.text).join('');
  const firstDigit = tokens.findIndex((t) => t.kind === 'code' && /[0#?]/.test(t.text));
  if (firstDigit < 0) return tokens.map((t) => (t.kind === 'lit' ? t.text : t.text === '@' ? formatGeneral(value) : t.text)).join('');
  let lastDigit = firstDigit;
  tokens.forEach((t, i) => {
    if (t.kind === 'code' && /[0#?.,E+\-%]/.test(t.text) && i > firstDigit) lastDigit = i;
  });
  const numberCode = tokens.slice(firstDigit, lastDigit + 1).map((t) => (t.kind === 'code' ? t.text : '')).join('');
  let v = value;
  const percents = (codeText.match(/%/g) ?? []).length;
  for (let p = 0; p < Math.min(percents, 3); p++) v *= 100;
  const number = formatDigits(v, numberCode);
  const prefix = tokens.slice(0, firstDigit).map((t) => t.text).join('');
  const suffix = tokens.slice(lastDigit + 1).map((t) => t.text).join('');
  return prefix + number + suffix;
}

/** The digits part: integer digits with optional grouping, decimals, exponent; '%' kept in place. */
function formatDigits(value: number, code: string): string {
  const sci = /E[+-]/i.exec(code);
  const mantCode = sci ? code.slice(0, sci.index) : code;
  const dot = mantCode.indexOf('.');
  const intCode = dot < 0 ? mantCode : mantCode.slice(0, dot);
  const fracCode = dot < 0 ? '' : mantCode.slice(dot + 1);
  const decimals = (fracCode.match(/[0#?]/g) ?? []).length;
  const minDecimals = (fracCode.match(/0/g) ?? []).length;
  const trailingCommas = /,+$/.exec(intCode.replace(/%/g, ''))?.[0].length ?? 0;
  let v = value;
  for (let c = 0; c < Math.min(trailingCommas, 4); c++) v /= 1000;
  if (sci) return scientific(v, decimals) + (code.includes('%') ? '%' : '');
  const group = /[0#?],[0#?]/.test(intCode);
  const minInt = (intCode.match(/0/g) ?? []).length;
  let s = Math.abs(v).toFixed(Math.min(decimals, 20));
  let [ip, fp = ''] = s.split('.');
  if (fp.length > minDecimals) fp = fp.replace(/0+$/, '').padEnd(minDecimals, '0');
  if (ip === '0' && minInt === 0) ip = '';
  ip = ip!.padStart(minInt, '0');
  if (group) ip = ip.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  s = ip + (fp || (decimals > 0 && /\.$/.test(mantCode)) ? '.' + fp : '');
  const negative = v < 0 && /[1-9]/.test(s);
  return (negative ? '-' : '') + (s || '0') + (fracCode.includes('%') || intCode.includes('%') ? '%' : '');
}

/** Civil date of a spreadsheet serial (1900 system, with its phantom 29 February 1900). */
export function serialToDate(serial: number): { year: number; month: number; day: number; weekday: number; seconds: number } {
  const whole = Math.floor(serial);
  const seconds = Math.round((serial - whole) * 86400);
  if (whole === 60) return { year: 1900, month: 2, day: 29, weekday: 3, seconds };
  // Days since 1970-01-01: serial 25569 is 1970-01-01; serials below 61 are one day off (the bug).
  const days = whole - 25569 + (whole < 61 ? 1 : 0);
  // Civil-from-days (proleptic Gregorian), integer arithmetic only.
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const weekday = (((days % 7) + 7 + 4) % 7);
  return { year, month, day, weekday, seconds };
}

function formatDate(serial: number, section: string): string {
  if (serial < 0 || serial > 2958465) return formatGeneral(serial);
  const d = serialToDate(serial);
  const tokens = tokenize(section);
  const text = tokens.map((t) => (t.kind === 'lit' ? '\u0000' + t.text + '\u0001' : t.text)).join('');
  const hour = Math.floor(d.seconds / 3600);
  const minute = Math.floor((d.seconds % 3600) / 60);
  const second = d.seconds % 60;
  const ampm = /AM\/PM|A\/P/i.test(text);
  let sawHour = false;
  return text.replace(/\u0000([^\u0001]*)\u0001|yyyy|yy|mmmmm|mmmm|mmm|mm|m|dddd|ddd|dd|d|hh|h|ss|s|AM\/PM|A\/P/gi, (m, lit: string | undefined, offset: number, all: string) => {
    if (lit !== undefined) return lit;
    const t = m.toLowerCase();
    if (t === 'yyyy') return String(d.year);
    if (t === 'yy') return String(d.year % 100).padStart(2, '0');
    if (t.startsWith('m') && (t === 'mm' || t === 'm') && (sawHour || /^[^a-z]*s/i.test(all.slice(offset + m.length)))) {
      return t === 'mm' ? String(minute).padStart(2, '0') : String(minute);
    }
    if (t === 'mmmmm') return MONTHS[d.month - 1]![0]!;
    if (t === 'mmmm') return MONTHS[d.month - 1]!;
    if (t === 'mmm') return MONTHS[d.month - 1]!.slice(0, 3);
    if (t === 'mm') return String(d.month).padStart(2, '0');
    if (t === 'm') return String(d.month);
    if (t === 'dddd') return DAYS[d.weekday]!;
    if (t === 'ddd') return DAYS[d.weekday]!.slice(0, 3);
    if (t === 'dd') return String(d.day).padStart(2, '0');
    if (t === 'd') return String(d.day);
    if (t === 'hh' || t === 'h') {
      sawHour = true;
      const h = ampm ? ((hour + 11) % 12) + 1 : hour;
      return t === 'hh' ? String(h).padStart(2, '0') : String(h);
    }
    if (t === 'ss') return String(second).padStart(2, '0');
    if (t === 's') return String(second);
    if (t === 'am/pm') return hour < 12 ? 'AM' : 'PM';
    if (t === 'a/p') return hour < 12 ? 'A' : 'P';
    return m;
  });
}
