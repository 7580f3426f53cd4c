/**
 * Date-time pictures of field switch `\@` (§17.16.4.1): `dddd, MMMM d, yyyy`, `HH:mm`, `h:mm am/pm`,
 * quoted literals. Dates are plain parts (no time zone): the caller chooses which clock they show.
 */

/** A calendar date and time of day. `weekday`: 0 = Sunday. */
export interface DateParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly weekday: number;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The UTC parts of a Date (the engine never reads the machine's time zone). */
export function datePartsFromDate(d: Date): DateParts {
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    weekday: d.getUTCDay(),
  };
}

/** Parses an ISO 8601 timestamp (`2021-03-04T05:06:07Z`, W3CDTF in docProps) into parts, or undefined. */
export function parseIsoDateParts(s: string): DateParts | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(s.trim());
  if (!m) return undefined;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return { year, month, day, hour: Number(m[4] ?? 0), minute: Number(m[5] ?? 0), second: Number(m[6] ?? 0), weekday };
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** Formats date parts with a Word date-time picture. Unrecognised characters are copied. */
export function formatDatePicture(parts: DateParts, picture: string): string {
  let out = '';
  let i = 0;
  const p = picture;
  const run = (ch: string) => {
    let j = i;
    while (j < p.length && p[j] === ch) j++;
    return j - i;
  };
  while (i < p.length) {
    const c = p[i]!;
    if (c === "'") {
      const end = p.indexOf("'", i + 1);
      out += end === -1 ? p.slice(i + 1) : p.slice(i + 1, end);
      i = end === -1 ? p.length : end + 1;
      continue;
    }
    const rest = p.slice(i);
    const ampm = /^(AM\/PM|am\/pm|A\/P|a\/p)/.exec(rest);
    if (ampm) {
      const pm = parts.hour >= 12;
      const tok = ampm[1]!;
      const text = tok.length === 5 ? (pm ? 'PM' : 'AM') : pm ? 'P' : 'A';
      out += tok[0] === 'a' ? text.toLowerCase() : text;
      i += tok.length;
      continue;
    }
    const n = run(c);
    switch (c) {
      case 'M':
        out += n === 1 ? String(parts.month) : n === 2 ? pad(parts.month, 2) : n === 3 ? MONTHS[parts.month - 1]!.slice(0, 3) : MONTHS[parts.month - 1]!;
        break;
      case 'd':
      case 'D':
        out += n === 1 ? String(parts.day) : n === 2 ? pad(parts.day, 2) : n === 3 ? DAYS[parts.weekday]!.slice(0, 3) : DAYS[parts.weekday]!;
        break;
      case 'y':
      case 'Y':
        out += n <= 2 ? pad(parts.year % 100, 2) : String(parts.year);
        break;
      case 'h':
        out += n === 1 ? String(((parts.hour + 11) % 12) + 1) : pad(((parts.hour + 11) % 12) + 1, 2);
        break;
      case 'H':
        out += n === 1 ? String(parts.hour) : pad(parts.hour, 2);
        break;
      case 'm':
        out += n === 1 ? String(parts.minute) : pad(parts.minute, 2);
        break;
      case 's':
      case 'S':
        out += n === 1 ? String(parts.second) : pad(parts.second, 2);
        break;
      default:
        out += p.slice(i, i + n);
    }
    i += n;
  }
  return out;
}
