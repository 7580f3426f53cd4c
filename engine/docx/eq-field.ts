/**
 * Legacy EQ fields (§17.16.5.20) as a math tree, typeset by engine/layout/math like Office Math:
 * \f fractions, \r radicals, \s scripts, \b brackets, \a arrays, \o overstrikes, \x boxes, \l lists,
 * \i integrals, sums and products. Text keeps the field's own font (normal-text runs, no math
 * italic, no operator spacing, as Word draws EQ fields), and \f's numerator and denominator its
 * size (MathFraction.textSize: Word sets them as text, not at script size); \s\up n / \s\do n raise or lower by n points and
 * \d\fo n / \d\ba n move forward or back by n points (\li: with a line).
 */
import type { MathNode, MathRow, RunProps } from '../model';

const MAX_DEPTH = 32;
/** Commands (and arguments after a command's first) one EQ field may build; past them it is cut, with docx/eq-too-large. */
export const MAX_EQ_FIELD_NODES = 5000;
const MAX_NODES = MAX_EQ_FIELD_NODES;

/**
 * Commands (and arguments after a command's first) all the EQ fields of a document may build (DocxContext.eqNodesLeft). A field's tree is
 * held by the model until the document is done, some 500 bytes a command: 100 fields of 5,000
 * commands each (\b(c) repeated, 25 KB of instruction, a 6 KB package) held 258 MB, and 400 ran a
 * 1 GB heap out of memory while the package was read (fuzz seed 53). Word documents hold a few EQ
 * fields of a few commands (oxsdk-complex2010's eleven: 23 in all). Fields past the budget are set
 * as their linear text.
 */
export const MAX_EQ_NODES = 100_000;

/** An option switch of a command: \up8 → { name: 'up', num: 8 }, \lc\{ → { name: 'lc', chr: '{' }. */
interface EqOption {
  readonly name: string;
  readonly num?: number;
  readonly chr?: string;
}

const MIRROR: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}', '<': '>', '⟨': '⟩', '|': '|' };

class EqTree {
  private pos = 0;
  /** Commands built (each a node of the tree). */
  nodes = 0;
  /** `propsAt(i)`: the properties of the run holding the body's character i; at most `maxNodes` commands are built. */
  constructor(private readonly s: string, private readonly propsAt: (i: number) => RunProps, private readonly maxNodes = MAX_NODES) {}

  private get props(): RunProps {
    return this.propsAt(this.pos);
  }

  /**
   * Text and commands until a closing parenthesis or argument separator at this depth. Plain text
   * is sliced a stretch at a time, not grown a character at a time (a rope of a node per character:
   * 600 fields of 198,000 characters held gigabytes, fuzz seed 55).
   */
  sequence(depth: number): MathNode[] {
    const out: MathNode[] = [];
    let text = '';
    /** Where the plain stretch not yet in `text` starts. */
    let from = this.pos;
    let props = this.props;
    const take = () => {
      if (this.pos > from) text += this.s.slice(from, this.pos);
    };
    const flush = () => {
      take();
      if (text) out.push({ kind: 'run', text, normal: true, props });
      text = '';
      from = this.pos;
    };
    while (this.pos < this.s.length) {
      const c = this.s[this.pos]!;
      if (depth > 0 && (c === ')' || c === ',' || c === ';')) break;
      if (this.props !== props) {
        flush();
        props = this.props;
      }
      if (c === '\\' && /[a-zA-Z]/.test(this.s[this.pos + 1] ?? '')) {
        flush();
        const node = this.command(depth);
        if (node) out.push(...node);
        from = this.pos;
      } else if (c === '\\') {
        take();
        text += this.s[this.pos + 1] ?? '';
        this.pos += 2;
        from = this.pos;
      } else if (c === '(' && depth > 0) {
        take();
        text += this.parenthesized();
        from = this.pos;
      } else {
        this.pos++;
      }
    }
    flush();
    return out;
  }

  /** Literal text in parentheses inside an argument, with its commas: \x(p=(x,y,z)) boxes "p=(x,y,z)". */
  private parenthesized(): string {
    let level = 0;
    const start = this.pos;
    while (this.pos < this.s.length) {
      const c = this.s[this.pos++]!;
      if (c === '\\') this.pos++;
      else if (c === '(') level++;
      else if (c === ')' && --level === 0) break;
    }
    return this.s.slice(start, this.pos).replace(/\\(.)/g, '$1');
  }

  /** Spaces between a command's switches and before its arguments (`\d \fo10 \li()`). */
  private skipSpacesBeforeSwitch(): void {
    const m = /^ +(?=\\[a-zA-Z]|\()/.exec(this.s.slice(this.pos, this.pos + 64));
    if (m) this.pos += m[0].length;
  }

  /** `\name` with its option switches, then its arguments in parentheses. */
  private command(depth: number): MathNode[] | undefined {
    const m = /^\\([a-zA-Z]+)/.exec(this.s.slice(this.pos))!;
    const name = m[1]!.toLowerCase();
    this.pos += m[0].length;
    const options: EqOption[] = [];
    this.skipSpacesBeforeSwitch();
    while (this.s[this.pos] === '\\' && /[a-zA-Z]/.test(this.s[this.pos + 1] ?? '')) {
      const o = /^\\([a-zA-Z]+)([0-9]*)(\\?([^\\(a-zA-Z]))?/.exec(this.s.slice(this.pos))!;
      this.pos += o[0].length;
      options.push({ name: o[1]!.toLowerCase(), ...(o[2] ? { num: Number(o[2]) } : {}), ...(o[4] ? { chr: o[4] } : {}) });
      this.skipSpacesBeforeSwitch();
    }
    if (this.s[this.pos] !== '(' || depth > MAX_DEPTH || ++this.nodes > this.maxNodes) return undefined;
    this.pos++;
    const args: MathNode[][] = [];
    for (;;) {
      args.push(this.sequence(depth + 1));
      const c = this.s[this.pos];
      this.pos++;
      if (c !== ',' && c !== ';') break;
      // Each further argument counts as a node too: one \a array of 3,000 cells is one command, and
      // 600 of them in table cells (fuzz seed 86 docx-66, a 2 MB package) ran a 1 GB heap out of memory.
      if (++this.nodes > this.maxNodes) {
        this.skipArguments();
        break;
      }
    }
    return build(name[0]!, options, args, this.props);
  }

  /** Skips the rest of a command's arguments, through its closing parenthesis. */
  private skipArguments(): void {
    let level = 0;
    while (this.pos < this.s.length) {
      const c = this.s[this.pos++]!;
      if (c === '\\') this.pos++;
      else if (c === '(') level++;
      else if (c === ')' && level-- === 0) return;
    }
  }
}

const opt = (options: readonly EqOption[], name: string) => options.find((o) => o.name === name);
const text = (t: string, props: RunProps): MathNode => ({ kind: 'run', text: t, normal: true, props });

/** Word's bound on EQ displacements, in points. */
const MAX_POINTS = 1584;

/** A switch's number of points (\up8: 8), bounded; undefined without one. */
function points(o: EqOption | undefined): number | undefined {
  return o?.num === undefined ? undefined : Math.min(o.num, MAX_POINTS);
}

const negated = (n: number | undefined) => (n === undefined ? undefined : -n);

/** Joins arguments with a separator run. */
function joined(args: readonly MathRow[], sep: string, props: RunProps): MathNode[] {
  return args.flatMap((a, i) => (i > 0 ? [text(sep, props), ...a] : [...a]));
}

function build(command: string, options: readonly EqOption[], args: readonly MathNode[][], props: RunProps): MathNode[] {
  const a = (i: number): MathNode[] => args[i] ?? [];
  switch (command) {
    case 'f':
      return [{ kind: 'frac', type: 'bar', num: a(0), den: a(1), textSize: true }];
    case 'r':
      return [args.length > 1 && a(0).length ? { kind: 'rad', deg: a(0), body: a(1) } : { kind: 'rad', body: args.length > 1 ? a(1) : a(0) }];
    case 's': {
      const shift = points(opt(options, 'up')) ?? negated(points(opt(options, 'do')));
      if (shift !== undefined) return [{ kind: 'shift', risePt: shift, advancePt: 0, body: joined(args, ',', props) }];
      if (opt(options, 'do')) return [{ kind: 'scripts', base: [], sub: joined(args, ',', props) }];
      return [{ kind: 'scripts', base: [], sup: a(0), ...(args.length > 1 ? { sub: a(1) } : {}) }];
    }
    case 'b': {
      const both = opt(options, 'bc')?.chr;
      const beg = both ?? opt(options, 'lc')?.chr ?? '(';
      const end = both ? MIRROR[both] ?? both : opt(options, 'rc')?.chr ?? ')';
      return [{ kind: 'delim', beg, end, sep: ',', grow: true, items: args }];
    }
    case 'a': {
      const cols = Math.max(1, Math.min(64, opt(options, 'co')?.num ?? 1));
      const rows: MathRow[][] = [];
      for (let i = 0; i < args.length; i += cols) rows.push(args.slice(i, i + cols));
      return [{ kind: 'matrix', rows }];
    }
    case 'o':
      // Overstrike: every argument drawn at the same place (\ac centred, the default; \al, \ar).
      return [{ kind: 'over', align: opt(options, 'al') ? 'left' : opt(options, 'ar') ? 'right' : 'center', items: args }];
    case 'x':
      return [{ kind: 'box', border: true, body: joined(args, ',', props) }];
    case 'l':
      return joined(args, ',', props);
    case 'i': {
      const fc = opt(options, 'fc')?.chr ?? opt(options, 'vc')?.chr;
      const chr = fc ?? (opt(options, 'su') ? '∑' : opt(options, 'pr') ? '∏' : '∫');
      return [{
        kind: 'nary', chr, limLoc: opt(options, 'in') ? 'subSup' : 'undOvr', ...(opt(options, 'in') ? {} : { limitsInline: true }), grow: false, body: a(2),
        ...(a(0).length ? { sub: a(0) } : {}), ...(a(1).length ? { sup: a(1) } : {}),
      }];
    }
    case 'd': {
      const advance = (points(opt(options, 'fo')) ?? 0) - (points(opt(options, 'ba')) ?? 0);
      return advance ? [{ kind: 'shift', risePt: 0, advancePt: advance, ...(opt(options, 'li') ? { line: true } : {}), body: [] }] : [];
    }
    default:
      return joined(args, ' ', props);
  }
}

/**
 * The tree of an EQ field's instruction (`EQ \f(1,2)`), or undefined when it has no content. Text
 * takes the properties of its instruction run: `props`, or `props(offset into raw)`. With `budget`
 * (the document's commands left, MAX_EQ_NODES), the field builds no more commands than it holds, and
 * spends what it built; a spent budget gives undefined.
 */
export function readEqField(raw: string, props: RunProps | ((offset: number) => RunProps), budget?: { eqNodesLeft: number }): MathRow | undefined {
  return readEqFieldChecked(raw, props, budget).tree;
}

/**
 * readEqField, also telling whether the field reached its own bound (MAX_NODES commands, the rest of
 * its commands not built).
 */
export function readEqFieldChecked(raw: string, props: RunProps | ((offset: number) => RunProps), budget?: { eqNodesLeft: number }): { tree: MathRow | undefined; cut: boolean } {
  if (budget && budget.eqNodesLeft <= 0) return { tree: undefined, cut: false };
  const body = raw.replace(/^\s*EQ\s*/i, '');
  const shift = raw.length - body.length;
  const propsAt = typeof props === 'function' ? (i: number) => props(i + shift) : () => props;
  const reader = new EqTree(body, propsAt, budget ? Math.min(MAX_NODES, budget.eqNodesLeft) : MAX_NODES);
  const tree = reader.sequence(0);
  if (budget) budget.eqNodesLeft -= reader.nodes;
  return { tree: tree.length ? tree : undefined, cut: reader.nodes > MAX_NODES };
}
