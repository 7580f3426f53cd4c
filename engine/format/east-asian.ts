/**
 * East Asian and other script number formats (ST_NumberFormat, §17.18.59): ideographic digits and
 * counting, Korean, kana sequences, fullwidth and enclosed digits, Arabic and Hebrew letters,
 * and digit substitution for Indic and Thai digits.
 */

const IDEO_DIGITS = ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

/** Digit by digit with ideographs: 105 → 一〇五 (ideographDigital). */
export function ideographDigital(n: number): string {
  return String(Math.trunc(Math.abs(n))).split('').map((d) => IDEO_DIGITS[Number(d)]!).join('');
}

/** Counting form with 十/百/千/万: 21 → 二十一, 110 → 百十 (japaneseCounting); chinese keeps 一 before 百/千. */
export function ideographCounting(value: number, chinese = false): string {
  const n = Math.trunc(Math.abs(value));
  if (n === 0) return IDEO_DIGITS[0]!;
  if (n >= 100_000_000) return ideographDigital(n);
  const man = Math.floor(n / 10000);
  const rest = n % 10000;
  const below = (x: number, isHighGroup: boolean): string => {
    let s = '';
    const units: ReadonlyArray<[number, string]> = [[1000, '千'], [100, '百'], [10, '十']];
    let r = x;
    for (const [u, ch] of units) {
      const d = Math.floor(r / u);
      r %= u;
      if (d === 0) continue;
      const omitOne = d === 1 && !(chinese && u >= 100) && !(isHighGroup && u === 1000);
      s += (omitOne ? '' : IDEO_DIGITS[d]!) + ch;
    }
    if (r > 0) s += IDEO_DIGITS[r]!;
    return s;
  };
  return (man > 0 ? below(man, true) + '万' : '') + (rest > 0 ? below(rest, false) : '');
}

const KOREAN_DIGITS = ['영', '일', '이', '삼', '사', '오', '육', '칠', '팔', '구'];

/** Korean Sino digits digit by digit (koreanDigital). */
export function koreanDigital(n: number): string {
  return String(Math.trunc(Math.abs(n))).split('').map((d) => KOREAN_DIGITS[Number(d)]!).join('');
}

/** Korean counting (koreanCounting): 21 → 이십일. */
export function koreanCounting(value: number): string {
  const n = Math.trunc(Math.abs(value));
  if (n === 0 || n >= 10000) return koreanDigital(n);
  let s = '';
  let r = n;
  for (const [u, ch] of [[1000, '천'], [100, '백'], [10, '십']] as const) {
    const d = Math.floor(r / u);
    r %= u;
    if (d > 0) s += (d === 1 ? '' : KOREAN_DIGITS[d]!) + ch;
  }
  return r > 0 ? s + KOREAN_DIGITS[r]! : s;
}

/** Cycles through a letter sequence (1 → first letter), wrapping like Word does. */
export function cycleLetters(n: number, letters: readonly string[]): string {
  const i = Math.trunc(n);
  if (i < 1 || letters.length === 0) return String(n);
  return letters[(i - 1) % letters.length]!;
}

/** Kana, Hangul and other sequences keyed by ST_NumberFormat name. */
export const LETTER_SEQUENCES: Readonly<Record<string, readonly string[]>> = {
  aiueo: [...'ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜｦﾝ'],
  aiueoFullWidth: [...'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲン'],
  iroha: [...'ｲﾛﾊﾆﾎﾍﾄﾁﾘﾇﾙｦﾜｶﾖﾀﾚｿﾂﾈﾅﾗﾑｳヰﾉｵｸﾔﾏｹﾌｺｴﾃｱｻｷﾕﾒﾐｼヱﾋﾓｾｽ'],
  irohaFullWidth: [...'イロハニホヘトチリヌルヲワカヨタレソツネナラムウヰノオクヤマケフコエテアサキユメミシヱヒモセス'],
  ganada: [...'가나다라마바사아자차카타파하'],
  chosung: [...'ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎ'],
  arabicAlpha: [...'أبتثجحخدذرزسشصضطظعغفقكلمنهوي'],
  arabicAbjad: [...'أبجدهوزحطيكلمنسعفصقرشتثخذضظغ'],
  hebrew2: [...'אבגדהוזחטיכלמנסעפצקרשת'],
  thaiLetters: [...'กขคงจฉชซญฎฏฐฑฒณดตถทธนบปผฝพฟภมยรลวศษสหฬอฮ'],
  hindiVowels: [...'अआइईउऊऋऌएऐओऔ'],
  hindiConsonants: [...'कखगघङचछजझञटठडढणतथदधनपफबभमयरलवशषसह'],
  russianLower: [...'абвгдежзиклмнопрстуфхцчшщыэюя'],
  russianUpper: [...'АБВГДЕЖЗИКЛМНОПРСТУФХЦЧШЩЫЭЮЯ'],
  decimalEnclosedCircle: [...'①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳'],
};

/** Digit substitution: replaces ASCII digits with the script's digits (zero code point given). */
export function substituteDigits(n: number, zero: number): string {
  return String(Math.trunc(n)).replace(/[0-9]/g, (d) => String.fromCharCode(zero + Number(d)));
}

/** Hebrew numerals (hebrew1, gematria) for 1–999, with 15/16 written ט״ו/ט״ז as is customary. */
export function hebrewNumeral(value: number): string {
  let n = Math.trunc(value);
  if (n < 1 || n > 999) return String(value);
  const hundreds = ['', 'ק', 'ר', 'ש', 'ת', 'תק', 'תר', 'תש', 'תת', 'תתק'];
  const tens = ['', 'י', 'כ', 'ל', 'מ', 'נ', 'ס', 'ע', 'פ', 'צ'];
  const ones = ['', 'א', 'ב', 'ג', 'ד', 'ה', 'ו', 'ז', 'ח', 'ט'];
  let s = hundreds[Math.floor(n / 100)]!;
  n %= 100;
  if (n === 15) return `${s}טו`;
  if (n === 16) return `${s}טז`;
  s += tens[Math.floor(n / 10)]! + ones[n % 10]!;
  return s;
}
