/**
 * Numbers as English words, as Word writes them for the CardText/OrdText field switches and the
 * cardinalText/ordinalText number formats: "one hundred twenty-three", "twenty-first".
 */

const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
  'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: ReadonlyArray<[number, string]> = [[1_000_000_000, 'billion'], [1_000_000, 'million'], [1000, 'thousand']];

function underThousand(n: number): string {
  const parts: string[] = [];
  const h = Math.floor(n / 100);
  const r = n % 100;
  if (h > 0) parts.push(`${ONES[h]} hundred`);
  if (r > 0 || parts.length === 0) {
    if (r < 20) parts.push(ONES[r]!);
    else parts.push(r % 10 === 0 ? TENS[Math.floor(r / 10)]! : `${TENS[Math.floor(r / 10)]}-${ONES[r % 10]}`);
  }
  return parts.join(' ');
}

/** Cardinal words in lower case: 123 → "one hundred twenty-three". Negative numbers get "minus". */
export function cardinalWords(value: number): string {
  let n = Math.trunc(Math.abs(value));
  if (!Number.isFinite(n)) return String(value);
  if (n === 0) return 'zero';
  const parts: string[] = [];
  for (const [scale, name] of SCALES) {
    if (n >= scale) {
      parts.push(`${cardinalWords(Math.floor(n / scale))} ${name}`);
      n %= scale;
    }
  }
  if (n > 0) parts.push(underThousand(n));
  const s = parts.join(' ');
  return value < 0 ? `minus ${s}` : s;
}

const ORDINAL_IRREGULAR: Record<string, string> = {
  one: 'first', two: 'second', three: 'third', five: 'fifth', eight: 'eighth', nine: 'ninth', twelve: 'twelfth',
};

/** Ordinal words in lower case: 21 → "twenty-first", 100 → "one hundredth". */
export function ordinalWords(value: number): string {
  const words = cardinalWords(value);
  const m = /([a-z]+)$/.exec(words);
  if (!m) return words;
  const last = m[1]!;
  let ord: string;
  if (ORDINAL_IRREGULAR[last]) ord = ORDINAL_IRREGULAR[last]!;
  else if (last.endsWith('y')) ord = `${last.slice(0, -1)}ieth`;
  else ord = `${last}th`;
  return words.slice(0, words.length - last.length) + ord;
}

/** The English ordinal suffix form: 1 → "1st", 12 → "12th", 23 → "23rd". */
export function ordinalSuffix(value: number): string {
  const n = Math.trunc(value);
  const abs = Math.abs(n);
  const mod100 = abs % 100;
  const mod10 = abs % 10;
  const suffix = mod100 >= 11 && mod100 <= 13 ? 'th' : mod10 === 1 ? 'st' : mod10 === 2 ? 'nd' : mod10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

/** Capitalises the first letter only ("one hundred" → "One hundred"). */
export function capitalizeFirst(s: string): string {
  return s.length === 0 ? s : s[0]!.toUpperCase() + s.slice(1);
}

/** Capitalises every word, including after hyphens ("twenty-one" → "Twenty-One"), as Word's list formats do. */
export function capitalizeWords(s: string): string {
  return s.replace(/(^|[\s-])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase());
}
