/**
 * Fields Word evaluates from their instruction alone: IF comparisons (§17.16.5.29) and EQ equations
 * (§17.16.5.20) as plain text — fractions a/b, radicals √x, overstrikes as their last character,
 * brackets, lists, boxes and scripts as their content.
 */
import type { FieldInstruction } from '../model';

const OPS = new Set(['=', '<>', '<', '>', '<=', '>=']);

/** Evaluates `IF a op b "then" "else"`; undefined when the instruction is not a comparison. */
export function evaluateIf(instr: FieldInstruction): string | undefined {
  const a = instr.args;
  if (a.length < 3 || !OPS.has(a[1]!)) return undefined;
  const [left, op, right, whenTrue = '', whenFalse = ''] = a as [string, string, string, string?, string?];
  const ln = Number(left);
  const rn = Number(right);
  const numeric = left.trim() !== '' && right.trim() !== '' && Number.isFinite(ln) && Number.isFinite(rn);
  let cmp: number;
  if (numeric) cmp = ln === rn ? 0 : ln < rn ? -1 : 1;
  else if (op === '=' || op === '<>') cmp = wildcardMatch(left, right) ? 0 : 1;
  else cmp = left < right ? -1 : left > right ? 1 : 0;
  const truth = op === '=' ? cmp === 0 : op === '<>' ? cmp !== 0 : op === '<' ? cmp < 0 : op === '>' ? cmp > 0 : op === '<=' ? cmp <= 0 : cmp >= 0;
  return truth ? whenTrue : whenFalse;
}

/** Word compares strings with ? and * wildcards in the right operand, case-sensitively. */
function wildcardMatch(s: string, pattern: string): boolean {
  if (!pattern.includes('*') && !pattern.includes('?')) return s === pattern;
  const re = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`, 's');
  return re.test(s);
}

/** Evaluates an EQ field's raw instruction to text, or undefined when it has no content. */
export function evaluateEq(raw: string): string | undefined {
  const body = raw.replace(/^\s*EQ\s*/i, '');
  const out = new EqReader(body).sequence(0);
  return out.trim() === '' ? undefined : out;
}

class EqReader {
  private pos = 0;
  constructor(private readonly s: string) {}

  /**
   * Reads text and switches until a closing parenthesis or argument separator at this depth. Plain
   * text is taken a stretch at a time (up to the next backslash or separator): a string grown a
   * character at a time is a rope of a node per character, some 32 bytes each, and 600 fields of
   * 198,000 characters held gigabytes (fuzz seed 55).
   */
  sequence(depth: number): string {
    let out = '';
    const special = depth > 0 ? /[\\),;]/g : /\\/g;
    while (this.pos < this.s.length) {
      const c = this.s[this.pos]!;
      if (depth > 0 && (c === ')' || c === ',' || c === ';')) break;
      if (c === '\\' && /[a-zA-Z]/.test(this.s[this.pos + 1] ?? '')) out += this.switch(depth);
      else if (c === '\\') {
        out += this.s[this.pos + 1] ?? '';
        this.pos += 2;
      } else {
        special.lastIndex = this.pos;
        const end = special.exec(this.s)?.index ?? this.s.length;
        out += this.s.slice(this.pos, end);
        this.pos = end;
      }
    }
    return out;
  }

  /** `\name` with its option switches, then an argument list in parentheses. */
  private switch(depth: number): string {
    const m = /^\\([a-zA-Z]+)/.exec(this.s.slice(this.pos))!;
    const name = m[1]!.toLowerCase();
    this.pos += m[0].length;
    // Option switches (\up5, \ac, \lc\{) directly follow; only the first letter decides the command.
    while (this.s[this.pos] === '\\' && /[a-zA-Z]/.test(this.s[this.pos + 1] ?? '')) {
      const o = /^\\[a-zA-Z]+[0-9]*(\\?[^\\(a-zA-Z])?/.exec(this.s.slice(this.pos))!;
      this.pos += o[0].length;
    }
    if (this.s[this.pos] !== '(' || depth > 32) return '';
    this.pos++;
    const args: string[] = [];
    for (;;) {
      args.push(this.sequence(depth + 1));
      const c = this.s[this.pos];
      this.pos++;
      if (c !== ',' && c !== ';') break;
    }
    return combine(name[0]!, args);
  }
}

function combine(command: string, args: readonly string[]): string {
  switch (command) {
    case 'f':
      return `${args[0] ?? ''}/${args[1] ?? ''}`;
    case 'r':
      return args.length > 1 ? `${args[0]}√${args[1]}` : `√${args[0] ?? ''}`;
    case 'o':
      return args[args.length - 1] ?? '';
    case 'b':
      return `(${args.join(',')})`;
    case 'l':
      return args.join(',');
    default:
      return args.join(' ');
  }
}
